import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { approvals } from '../../../db/schema';

export type ApprovalRow = typeof approvals.$inferSelect;

/** Kinds of approval the platform knows; later modules add theirs (survey publication, ...). */
export const JOIN_REQUEST = 'join_request';

export interface NewApproval {
  companyId: number;
  type: string;
  userId?: number | null;
  agentId?: number | null;
  approvalableId?: number | null;
  payload?: Record<string, unknown>;
}

/** Inserts a pending approval; null when an equal pending one already exists (unique index). */
export async function insertApproval(db: Database, input: NewApproval): Promise<ApprovalRow | null> {
  const [row] = await db.orm
    .insert(approvals)
    .values({
      company_id: input.companyId,
      approvalable_type: input.type,
      approvalable_id: input.approvalableId ?? null,
      user_id: input.userId ?? null,
      agent_id: input.agentId ?? null,
      payload: input.payload ?? {},
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** One approval of the company (any company when `companyId` is null: platform admin). */
export async function findApproval(db: Database, companyId: number | null, id: number): Promise<ApprovalRow | null> {
  const condition = companyId == null ? eq(approvals.id, id) : and(eq(approvals.id, id), eq(approvals.company_id, companyId));
  const [row] = await db.orm.select().from(approvals).where(condition);
  return row ?? null;
}

/** Records the decision if the approval is still pending; null when someone decided first. */
export async function recordDecision(
  tx: Database,
  id: number,
  values: Pick<ApprovalRow, 'status' | 'decided_by' | 'comment'> & Partial<Pick<ApprovalRow, 'agent_id' | 'approvalable_id'>>,
): Promise<ApprovalRow | null> {
  const [row] = await tx.orm
    .update(approvals)
    .set({ ...values, decided_at: new Date(), updated_at: new Date() })
    .where(and(eq(approvals.id, id), eq(approvals.status, 'pending')))
    .returning();
  return row ?? null;
}
