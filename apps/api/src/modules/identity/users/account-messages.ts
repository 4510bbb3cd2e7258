import type { Database } from '../../../db/client';
import { messageText } from '../../../delivery/message-texts';
import { insertOutboxMessage } from '../../../delivery/outbox.repository';
import { ACCOUNT_MESSAGE_TEXTS } from './account-messages.texts';

/**
 * Sends the temporary password of an account an admin created, in the account's language,
 * by e-mail when the account has one, else by SMS (through the outbox, which the
 * messaging layer delivers).
 */
export async function sendTemporaryPassword(
  db: Database,
  account: { email: string | null; phone: string | null; login: string; name: string; locale: string },
  password: string,
): Promise<void> {
  const body = messageText(ACCOUNT_MESSAGE_TEXTS, account.locale, 'newAccountBody', { name: account.name, login: account.login, password });
  if (account.email) {
    await insertOutboxMessage(db, { channel: 'email', to: account.email, subject: messageText(ACCOUNT_MESSAGE_TEXTS, account.locale, 'newAccountSubject'), body });
  } else if (account.phone) {
    await insertOutboxMessage(db, { channel: 'sms', to: account.phone, body });
  }
}

/** The reset code an admin sends to an account (e-mail, else SMS), in the account's language. */
export function resetCodeMessage(account: { locale: string }, channel: 'email' | 'sms', values: { code: string; link: string }) {
  return {
    subject: channel === 'email' ? messageText(ACCOUNT_MESSAGE_TEXTS, account.locale, 'resetCodeSubject') : undefined,
    body: messageText(ACCOUNT_MESSAGE_TEXTS, account.locale, 'resetCodeBody', values),
  };
}
