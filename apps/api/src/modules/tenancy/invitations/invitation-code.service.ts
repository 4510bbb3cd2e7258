import { normalizeInvitationCode } from '@app/contracts/company';
import { and, eq, isNull, or } from 'drizzle-orm';
import { invitations } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { findMembership } from '../agents/agents.repository';
import { requireActor } from '../companies/tenancy';
import { closeInvitation, findInvitationByCode, hostName } from './invitations.repository';
import { tenancyText } from '../tenancy.texts';

/**
 * "J'ai un code d'invitation": the signed-in person who holds an invitation's code (from
 * its e-mail or SMS) takes the invitation, even when it was sent to another address of
 * theirs: it is linked to their account, then answered like any of their invitations
 * (invitations/{id}/accept or refuse). The code is the proof: 16 random hexadecimal
 * digits, and the route is rate limited like the public lookups. An invitation already
 * linked to another account is "unknown" to anyone else.
 */
export async function claimInvitationByCode(ctx: RequestContext, rawCode: string) {
  const actor = requireActor(ctx);
  const code = normalizeInvitationCode(rawCode);
  if (!code) throw badRequest(tenancyText(ctx.locale, 'invalidInvitationCode'), 'invalid_code');
  const row = await findInvitationByCode(ctx.db, code);
  if (row?.company_status !== 'active') throw notFound(tenancyText(ctx.locale, 'unknownInvitationCode'), 'unknown_code');
  if (row.guest_user_id !== null && row.guest_user_id !== actor.userId) throw notFound(tenancyText(ctx.locale, 'unknownInvitationCode'), 'unknown_code');
  if (row.status === 'cancelled') throw badRequest(tenancyText(ctx.locale, 'invitationCancelled'), 'invitation_cancelled');
  if (row.status === 'accepted' || row.status === 'refused') throw badRequest(tenancyText(ctx.locale, 'invitationAnswered'), 'invitation_answered');
  if (row.status === 'expired' || row.expired) {
    await closeInvitation(ctx.db, row.id, { status: 'expired' });
    throw badRequest(tenancyText(ctx.locale, 'invitationCodeExpired'), 'invitation_expired');
  }
  if (await findMembership(ctx.db, row.company_id, actor.userId)) {
    throw conflict(tenancyText(ctx.locale, 'alreadyMember'), 'already_member');
  }
  const linked = await ctx.db.orm
    .update(invitations)
    .set({ guest_user_id: actor.userId, updated_at: new Date() })
    .where(
      and(
        eq(invitations.id, row.id),
        eq(invitations.status, 'pending'),
        or(isNull(invitations.guest_user_id), eq(invitations.guest_user_id, actor.userId)),
      ),
    )
    .returning({ id: invitations.id });
  // Answered or taken by someone else between the read and the write.
  if (linked.length === 0) throw badRequest(tenancyText(ctx.locale, 'invitationAnswered'), 'invitation_answered');
  return {
    id: row.id,
    status: 'pending',
    datas: row.datas,
    company_id: row.company_id,
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
    host: { name: hostName(row) },
    company: { id: row.company_id, name: row.company_name, code: row.company_code, logo: row.company_logo },
  };
}
