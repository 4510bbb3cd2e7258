import type { Database } from '../../../db/client';
import { insertOutboxMessage } from '../../../delivery/outbox.repository';
import type { OutgoingMessage } from '../../../delivery/providers';

export interface InvitationNotice {
  email: string | null;
  phone: string | null;
  hostName: string;
  companyName: string;
  hasAccount: boolean;
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
  const next = notice.hasAccount
    ? "Connectez-vous pour accepter ou refuser l'invitation."
    : "Créez votre compte avec cette adresse pour accepter ou refuser l'invitation.";
  const text = `${notice.hostName} vous invite à rejoindre l’entreprise ${notice.companyName}. ${next}`;
  if (notice.email) {
    return {
      channel: 'email',
      to: notice.email,
      subject: `Invitation à rejoindre ${notice.companyName}`,
      body: `Bonjour,\n\n${text}\n\nCette invitation expire dans 14 jours.`,
    };
  }
  return notice.phone ? { channel: 'sms', to: notice.phone, body: text } : null;
}
