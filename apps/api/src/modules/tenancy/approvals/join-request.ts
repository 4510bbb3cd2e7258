import { JOIN_REQUEST_DECIDED, JOIN_REQUESTED, type JoinRequestDecidedData, type NotificationCreatedData, userRoom } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { EventBus } from '../../../events/event-bus';
import { notify } from '../../messaging/notifications/notify';
import { companies, users } from '../../../db/schema';
import { assertWithinLimit } from '../../commerce/entitlements/limits';
import { addMembership, findMembership } from '../agents/agents.repository';
import { cancelInvitationsOfJoiner, loadGuestIdentity } from '../invitations/invitations.repository';
import { registerApprovalHandler, registerApprovalNotifier } from './approval-handlers';
import { JOIN_REQUEST } from './approvals.repository';
import { inEveryLocale } from '../../../delivery/message-texts';
import { tenancyText } from '../tenancy.texts';

/**
 * Approving a join request makes the requester an agent of the company (with the job
 * they gave), within the plan's agents limit; a requester who joined meanwhile keeps their
 * membership. Invitations of the company still waiting for the requester are answered by
 * the approval: closed in its transaction.
 */
registerApprovalHandler(JOIN_REQUEST, async (tx, { approval, action, ctx }) => {
  if (action !== 'approve' || approval.user_id == null) return undefined;
  const existing = await findMembership(tx, approval.company_id, approval.user_id);
  if (existing) return { agent_id: existing.id, approvalable_id: existing.id };
  // A new member takes a seat (commerce usage.ts): refused past the agents limit, the
  // request staying pending (and the invitations with it). A seat one of the requester's
  // invitations held is theirs already: those close first, so the check does not count it.
  await cancelInvitationsOfJoiner(tx, approval.company_id, await loadGuestIdentity(tx, approval.user_id));
  await assertWithinLimit(tx, approval.company_id, 'agents', ctx.locale);
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
  // Told live only (no stored notification): in the requester's own language.
  const [requester] = await ctx.db.orm.select({ locale: users.locale }).from(users).where(eq(users.id, decided.user_id));
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
    title: tenancyText(requester?.locale, approved ? 'joinApprovedTitle' : 'joinRefusedTitle', { company: data.company_name }),
    body: decided.comment ?? null,
    data: data as unknown as Record<string, unknown>,
    created_at: new Date().toISOString(),
  };
  ctx.events.publish('notification.created', userRoom(decided.user_id), notice);
});

/**
 * A new join request reaches, live, the company's agents who decide it (`approvals.validate`
 * through one of their roles, an owner role giving every permission): a notification
 * (kind `notification`, `data.type` JOIN_REQUESTED) for their bell, their toast and the
 * approvals list, in their agent room (section 6: an agent event).
 */
export async function announceJoinRequest(
  deps: { db: Database; events: EventBus },
  company: { id: number; name: string },
  approval: { id: number },
  asker: { first_name: string | null; last_name: string | null; email: string | null },
): Promise<void> {
  const name = [asker.first_name, asker.last_name].filter(Boolean).join(' ').trim() || asker.email || null;
  await notify(deps, sql`
    SELECT a.user_id, a.id AS agent_id FROM agents a
     WHERE a.company_id = ${company.id} AND a.status = 'active' AND a.deleted_at IS NULL
       AND EXISTS (
         SELECT 1 FROM agent_roles ar JOIN roles r ON r.id = ar.role_id AND r.state = 'active'
          WHERE ar.agent_id = a.id
            AND (r.is_owner OR EXISTS (
              SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
               WHERE rp.role_id = r.id AND p.slug = 'approvals.validate')))`, {
    kind: 'notification',
    title: inEveryLocale((l) => tenancyText(l, 'joinAskedTitle', { name: name ?? tenancyText(l, 'someone'), company: company.name })),
    companyId: company.id,
    data: { type: JOIN_REQUESTED, approval_id: approval.id, company_id: company.id },
  });
}
