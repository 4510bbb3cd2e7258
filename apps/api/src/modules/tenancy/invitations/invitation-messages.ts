import type { Database } from '../../../db/client';
import { insertOutboxMessage } from '../../../delivery/outbox.repository';
import { messageText } from '../../../delivery/message-texts';
import type { OutgoingMessage } from '../../../delivery/providers';
import { invitationLink } from '@app/contracts/company';
import { INVITATION_TEXTS, type InvitationText } from './invitation.texts';

export interface InvitationNotice {
  email: string | null;
  phone: string | null;
  hostName: string;
  companyName: string;
  hasAccount: boolean;
  /** The invitation's code, for whoever opens the app without the link ("J'ai un code d'invitation"). */
  code: string;
  /** The absolute address that opens the invitation (invitationUrl). */
  link: string;
  /** The guest's language when they have an account (`users.locale`), else French. */
  locale?: string | null;
}

/** The invitation's link, absolute: the app's public address then `invitationLink`. */
export function invitationUrl(base: string, code: string): string {
  return `${base.replace(/\/+$/, '')}${invitationLink(code)}`;
}

/**
 * Tells the guest by e-mail (else SMS) that a company invites them. The message is
 * recorded in the outbox, from which the messaging layer delivers it.
 */
export async function sendInvitationNotice(db: Database, notice: InvitationNotice): Promise<void> {
  const message = invitationNoticeMessage(notice);
  if (message) await insertOutboxMessage(db, message);
}

/** The e-mail (else SMS) telling a guest about an invitation; null without an address. */
export function invitationNoticeMessage(notice: InvitationNotice): OutgoingMessage | null {
  const text = (key: InvitationText) =>
    messageText(INVITATION_TEXTS, notice.locale, key, { host: notice.hostName, company: notice.companyName, code: notice.code, link: notice.link });
  const body = `${text('invites')} ${text(notice.hasAccount ? 'signIn' : 'signUp')}`;
  if (notice.email) {
    const open = `${text('link')}\n\n${text('code')}`;
    return { channel: 'email', to: notice.email, subject: text('subject'), body: `${text('greeting')}\n\n${body}\n\n${open}\n\n${text('expires')}` };
  }
  return notice.phone ? { channel: 'sms', to: notice.phone, body: `${body} ${text('smsCode')}` } : null;
}
