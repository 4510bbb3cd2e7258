import { JOIN_REQUEST_DECIDED, type JoinRequestDecidedData, type NotificationCreatedData, userRoom } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { companies } from '../../../db/schema';
import { addMembership, findMembership } from '../agents/agents.repository';
import { registerApprovalHandler, registerApprovalNotifier } from './approval-handlers';
import { JOIN_REQUEST } from './approvals.repository';

/**
 * Approving a join request makes the requester an agent of the company (with the job
 * they gave); a requester who joined meanwhile keeps their membership.
 */
registerApprovalHandler(JOIN_REQUEST, async (tx, { approval, action }) => {
  if (action !== 'approve' || approval.user_id == null) return undefined;
  const existing = await findMembership(tx, approval.company_id, approval.user_id);
  if (existing) return { agent_id: existing.id, approvalable_id: existing.id };
  const payload = approval.payload as { job?: string | null };
  const agent = await addMembership(tx, {
    companyId: approval.company_id,
    userId: approval.user_id,
    job: payload.job ?? null,
  });
  return { agent_id: agent.id, approvalable_id: agent.id };
});

/**
 * The requester learns the decision live (`notification.created` to `users.{id}`, type
 * `join_request.decided`); on approval their app reloads the account and shows the
 * new company.
 */
registerApprovalNotifier(JOIN_REQUEST, async (decided, ctx) => {
  if (decided.user_id == null) return;
  const [company] = await ctx.db.orm.select({ name: companies.name }).from(companies).where(eq(companies.id, decided.company_id));
  const approved = decided.status === 'approved';
  const data: JoinRequestDecidedData = {
    approval_id: decided.id,
    status: approved ? 'approved' : 'rejected',
    company_id: decided.company_id,
    company_name: company?.name ?? '',
    agent_id: decided.agent_id ?? null,
    comment: decided.comment ?? null,
  };
  const notice: NotificationCreatedData = {
    id: decided.id,
    type: JOIN_REQUEST_DECIDED,
    title: approved
      ? `Votre demande pour rejoindre ${data.company_name} a été acceptée.`
      : `Votre demande pour rejoindre ${data.company_name} a été refusée.`,
    body: decided.comment ?? null,
    data: data as unknown as Record<string, unknown>,
    created_at: new Date().toISOString(),
  };
  ctx.events.publish('notification.created', userRoom(decided.user_id), notice);
});
