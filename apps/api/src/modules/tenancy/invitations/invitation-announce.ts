import { notify } from '../../messaging/notifications/notify';
import { type InvitationSentData, userRoom } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { companies, users } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { invitationUrl, sendInvitationNotice } from './invitation-messages';
import type { InvitationRow } from './invitations.repository';
import type { InvitationDatas } from './invitations.schemas';
import { inEveryLocale, messageText } from '../../../delivery/message-texts';
import { INVITATION_TEXTS } from './invitation.texts';

/**
 * Tells the guest of a pending invitation: an e-mail (else SMS) through the outbox, and
 * for a guest with an account the live card (`invitation.sent` to `users.{guest}`).
 * Used when the invitation is made and when the company sends it again. `linkBase` is
 * the app's public address, before the invitation link (PUBLIC_BASE_URL, else the host
 * the inviter reached).
 */
export async function announceInvitation(ctx: RequestContext, invitation: InvitationRow, hostName: string, linkBase: string): Promise<void> {
  const [company] = await ctx.db.orm.select({ name: companies.name }).from(companies).where(eq(companies.id, invitation.company_id));
  const guestId = invitation.guest_user_id;
  const guest = [invitation.datas && (invitation.datas as InvitationDatas).first_name, invitation.datas && (invitation.datas as InvitationDatas).last_name].filter(Boolean).join(' ');
  await ctx.events.emitDomain({
    kind: 'invitation.sent',
    companyId: invitation.company_id,
    agentId: ctx.actor?.companyId === invitation.company_id ? ctx.actor.agentId : null,
    userId: ctx.actor?.userId ?? null,
    subject: { type: 'invitations', id: invitation.id, name: guest || invitation.email || invitation.phone || null },
  }, ctx.db);
  const [guestAccount] = guestId == null ? [] : await ctx.db.orm.select({ locale: users.locale }).from(users).where(eq(users.id, guestId));
  await sendInvitationNotice(ctx.db, {
    locale: guestAccount?.locale ?? null,
    email: invitation.email,
    phone: invitation.phone,
    hostName,
    companyName: company.name,
    hasAccount: guestId != null,
    code: invitation.code,
    link: invitationUrl(linkBase, invitation.code),
  });
  if (guestId == null) return;
  const datas = invitation.datas as InvitationDatas;
  const data: InvitationSentData & { status: string; host: { name: string }; company: { id: number; name: string }; datas: InvitationDatas } = {
    id: invitation.id,
    status: invitation.status,
    company_id: invitation.company_id,
    company_name: company.name,
    host_name: hostName,
    job: datas.job ?? null,
    first_name: datas.first_name ?? null,
    last_name: datas.last_name ?? null,
    created_at: invitation.created_at.toISOString(),
    host: { name: hostName },
    company: { id: invitation.company_id, name: company.name },
    datas,
  };
  ctx.events.publish('invitation.sent', userRoom(guestId), data);
  await notify(ctx, { userId: guestId }, {
    kind: 'invitation',
    title: inEveryLocale((l) => messageText(INVITATION_TEXTS, l, 'invites', { host: hostName, company: company.name })),
    companyId: invitation.company_id,
    data: { invitation_id: invitation.id, company_id: invitation.company_id, company_name: company.name, host_name: hostName },
  });
}
