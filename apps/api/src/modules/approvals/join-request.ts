import { addMembership, findMembership } from '../agents/agents.repository';
import { registerApprovalHandler } from './approval-handlers';
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
