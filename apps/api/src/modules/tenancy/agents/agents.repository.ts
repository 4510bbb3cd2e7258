import { MEMBER_ROLE_SLUG } from '@app/contracts';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { agentRoles, agents, roles, users } from '../../../db/schema';
import { conflict } from '../../../http/errors';

export type AgentRow = typeof agents.$inferSelect;

/** A live (not deleted) agent of one company; null when absent or another company's. */
export async function findAgent(db: Database, companyId: number, agentId: number): Promise<AgentRow | null> {
  const [row] = await db.orm
    .select()
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.company_id, companyId), isNull(agents.deleted_at)));
  return row ?? null;
}

/** A live agent whatever its company (platform admin in the back office). */
export async function findAgentAnyCompany(db: Database, agentId: number): Promise<AgentRow | null> {
  const [row] = await db.orm.select().from(agents).where(and(eq(agents.id, agentId), isNull(agents.deleted_at)));
  return row ?? null;
}

/** The user's live membership of a company, if any. */
export async function findMembership(db: Database, companyId: number, userId: number): Promise<AgentRow | null> {
  const [row] = await db.orm
    .select()
    .from(agents)
    .where(and(eq(agents.company_id, companyId), eq(agents.user_id, userId), isNull(agents.deleted_at)));
  return row ?? null;
}

export interface MembershipInput {
  companyId: number;
  userId: number;
  job?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  /** Give the company's member role (default); off for e.g. a partner with its own role. */
  withMemberRole?: boolean;
}

/**
 * Makes the user an active agent of the company (reviving a deleted membership, since a
 * user has at most one agent per company), gives it the company's member role and turns
 * a customer account into an agent account. Call inside a transaction.
 */
export async function addMembership(tx: Database, input: MembershipInput): Promise<AgentRow> {
  const [user] = await tx.orm
    .select({ email: users.email, phone: users.phone, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(eq(users.id, input.userId));
  const values = {
    company_id: input.companyId,
    user_id: input.userId,
    job: input.job ?? null,
    first_name: input.first_name || user?.first_name || null,
    last_name: input.last_name || user?.last_name || null,
    email: user?.email ?? null,
    phone: user?.phone ?? null,
    status: 'active' as const,
  };
  const [agent] = await tx.orm
    .insert(agents)
    .values(values)
    .onConflictDoUpdate({
      target: [agents.company_id, agents.user_id],
      set: { ...values, deleted_at: null, updated_at: new Date() },
      // A live membership is never overwritten (a suspended agent stays suspended).
      setWhere: isNotNull(agents.deleted_at),
    })
    .returning();
  if (!agent) throw conflict("Cet utilisateur est déjà membre de l'entreprise.", 'already_member');
  const [memberRole] = await tx.orm
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.company_id, input.companyId), eq(roles.slug, MEMBER_ROLE_SLUG)));
  if (memberRole && input.withMemberRole !== false) await tx.orm.insert(agentRoles).values({ agent_id: agent.id, role_id: memberRole.id }).onConflictDoNothing();
  await tx.orm
    .update(users)
    .set({ type: 'agent', updated_at: new Date() })
    .where(and(eq(users.id, input.userId), eq(users.type, 'customer')));
  return agent;
}

/** Active agents of the company holding an active owner role, other than `exceptAgentId`. */
export async function countOtherOwners(db: Database, companyId: number, exceptAgentId: number): Promise<number> {
  const [row] = await db.rows<{ n: number }>(sql`
    SELECT count(DISTINCT a.id)::int AS n FROM agents a
      JOIN agent_roles ar ON ar.agent_id = a.id
      JOIN roles r ON r.id = ar.role_id
     WHERE a.company_id = ${companyId} AND a.id <> ${exceptAgentId}
       AND a.deleted_at IS NULL AND a.status = 'active'
       AND r.is_owner AND r.state = 'active' AND r.company_id = ${companyId}
  `);
  return Number(row.n);
}

/** Whether the agent holds an active owner role of its company. */
export async function isCompanyOwner(db: Database, agentId: number, companyId: number): Promise<boolean> {
  const rows = await db.orm
    .select({ id: roles.id })
    .from(agentRoles)
    .innerJoin(roles, eq(roles.id, agentRoles.role_id))
    .where(
      and(eq(agentRoles.agent_id, agentId), eq(roles.company_id, companyId), eq(roles.is_owner, true), eq(roles.state, 'active')),
    );
  return rows.length > 0;
}

export async function updateAgent(db: Database, companyId: number, agentId: number, values: Partial<AgentRow>): Promise<boolean> {
  const updated = await db.orm
    .update(agents)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(agents.id, agentId), eq(agents.company_id, companyId), isNull(agents.deleted_at)))
    .returning({ id: agents.id });
  return updated.length > 0;
}

/** Ids of the company's live, active agents (those that may listen to their agent room). */
export async function listActiveAgentIds(db: Database, companyId: number): Promise<number[]> {
  const rows = await db.orm
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.company_id, companyId), isNull(agents.deleted_at), eq(agents.status, 'active')));
  return rows.map((r) => r.id);
}

/** Company ids where the user has a live, active agent. */
export async function listMemberCompanyIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db.orm
    .select({ company_id: agents.company_id })
    .from(agents)
    .where(and(eq(agents.user_id, userId), isNull(agents.deleted_at), ne(agents.status, 'suspended')));
  return rows.map((r) => r.company_id);
}
