import type { Database } from '../../../db/client';
import { insertOutboxMessage } from '../../../delivery/outbox.repository';

/**
 * Sends the temporary password of an account an admin created, by e-mail when the
 * account has one, else by SMS (through the outbox, which the messaging layer delivers).
 */
export async function sendTemporaryPassword(
  db: Database,
  account: { email: string | null; phone: string | null; login: string; name: string },
  password: string,
): Promise<void> {
  const text =
    `Bonjour ${account.name}, un compte a été créé pour vous. Identifiant : ${account.login}. ` +
    `Mot de passe provisoire : ${password}. Vous devrez le changer à la première connexion.`;
  if (account.email) {
    await insertOutboxMessage(db, { channel: 'email', to: account.email, subject: 'Votre nouveau compte', body: text });
  } else if (account.phone) {
    await insertOutboxMessage(db, { channel: 'sms', to: account.phone, body: text });
  }
}
