import { assertWithinLimit } from '../../commerce/entitlements/limits';
import { eq } from 'drizzle-orm';
import { companies } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, notFound } from '../../../http/errors';
import { addMembership, findMembership } from '../agents/agents.repository';
import { requireActor } from '../companies/tenancy';
import { displayNameOf, findUserById } from '../../identity/users/users.repository';
import {
  cancelInvitationsOfJoiner,
  closeInvitation,
  findInvitationFor,
  type FoundInvitation,
  listPendingFor,
  loadGuestIdentity,
} from './invitations.repository';
import { tenancyText } from '../tenancy.texts';

/** Pending invitations of the signed-in user, with the host's and the company's names. */
export async function listMyInvitations(ctx: RequestContext) {
  const actor = requireActor(ctx);
  const rows = await listPendingFor(ctx.db, await loadGuestIdentity(ctx.db, actor.userId));
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    datas: r.datas,
    company_id: r.company_id,
    expires_at: r.expires_at.toISOString(),
    created_at: r.created_at.toISOString(),
    host: { name: [r.host_first_name, r.host_last_name].filter(Boolean).join(' ') },
    company: { id: r.company_id, name: r.company_name, code: r.company_code, logo: r.company_logo },
  }));
}

/** The guest's own pending invitation; 404 for anyone else's, 409 once answered or expired. */
async function loadPendingForGuest(ctx: RequestContext, id: number): Promise<FoundInvitation> {
  const actor = requireActor(ctx);
  const invitation = await findInvitationFor(ctx.db, await loadGuestIdentity(ctx.db, actor.userId), id);
  if (!invitation) throw notFound();
  if (invitation.status !== 'pending') throw conflict(tenancyText(ctx.locale, 'invitationNotPending'), 'not_pending');
  if (invitation.expired) {
    await closeInvitation(ctx.db, id, { status: 'expired' });
    throw conflict(tenancyText(ctx.locale, 'invitationExpired'), 'expired');
  }
  return invitation;
}

/**
 * Accepts an invitation: the guest becomes an agent of the company with the job and
 * names of the invitation. Answers what the client reads (company with its membership
 * pivot, company_id, guest_agent_id, status, datas).
 */
export async function acceptInvitation(ctx: RequestContext, id: number) {
  const invitation = await loadPendingForGuest(ctx, id);
  const userId = ctx.actor!.userId;
  const [company] = await ctx.db.orm.select().from(companies).where(eq(companies.id, invitation.company_id));
  if (!company || company.deleted_at || company.status !== 'active') throw notFound();
  const agent = await withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      if (await findMembership(tx, invitation.company_id, userId)) {
        throw conflict(tenancyText(ctx.locale, 'alreadyMember'), 'already_member');
      }
      // Their other invitations to the company (another address of theirs) are answered
      // by this one and free their seats; this one holds its seat and becomes a member:
      // the count stays, refused only when the company is over its plan (a smaller
      // package since).
      await cancelInvitationsOfJoiner(tx, invitation.company_id, await loadGuestIdentity(tx, userId), id);
      await assertWithinLimit(tx, invitation.company_id, 'agents', ctx.locale, 0);
      const created = await addMembership(tx, {
        companyId: invitation.company_id,
        userId,
        job: invitation.datas.job ?? null,
        first_name: invitation.datas.first_name ?? null,
        last_name: invitation.datas.last_name ?? null,
      });
      const closed = await closeInvitation(tx, id, { status: 'accepted', guest_agent_id: created.id, guest_user_id: userId });
      if (!closed) throw conflict(tenancyText(ctx.locale, 'invitationNotPending'), 'not_pending');
      return created;
    }),
  );
  // A first membership gives the account an active company.
  await ctx.events.invalidateActors({ userId });
  const user = await findUserById(ctx.db, userId);
  const name = [agent.first_name, agent.last_name].filter(Boolean).join(' ') || (user ? displayNameOf(user) : '');
  return {
    id: invitation.id,
    status: 'accepted' as const,
    company_id: company.id,
    guest_agent_id: agent.id,
    datas: invitation.datas,
    company: {
      id: company.id,
      name: company.name,
      code: company.code,
      logo: company.logo,
      pivot: {
        id: agent.id,
        company_id: company.id,
        user_id: userId,
        job: agent.job,
        email: agent.email,
        phone: agent.phone,
        name,
        status: agent.status,
      },
    },
  };
}

/** Declines an invitation; only its guest may. */
export async function refuseInvitation(ctx: RequestContext, id: number) {
  await loadPendingForGuest(ctx, id);
  if (!(await closeInvitation(ctx.db, id, { status: 'refused', guest_user_id: ctx.actor!.userId }))) {
    throw conflict(tenancyText(ctx.locale, 'invitationNotPending'), 'not_pending');
  }
  return { id, status: 'refused' as const };
}
