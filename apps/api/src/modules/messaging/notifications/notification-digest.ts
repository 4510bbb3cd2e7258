import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { insertOutboxMessage } from '../../../delivery/outbox.repository';

/** Lines listed in one digest; the rest are counted. */
const DIGEST_LINES = 20;
/** People handled per round. */
const USERS_PER_ROUND = 200;

interface PendingRow {
  id: number;
  user_id: number;
  title: string;
  body: string | null;
  email: string | null;
  first_name: string | null;
}

/**
 * Sends the e-mail digests that are due: a person whose oldest notification waiting for
 * e-mail is older than `delayMs` gets ONE e-mail listing everything waiting (so fifty
 * events in the window are one e-mail, never fifty). The rows are taken (`email_pending`
 * cleared) and the e-mail written to the outbox in one transaction; the row locks make
 * two API processes never send the same notification twice. Answers how many e-mails.
 */
export async function sendDueDigests(db: Database, options: { delayMs: number; appUrl?: string }): Promise<number> {
  const cutoff = new Date(Date.now() - options.delayMs).toISOString();
  return db.transaction(async (tx) => {
    const rows = await tx.rows<PendingRow>(sql`
      WITH due AS (
        SELECT user_id FROM notifications WHERE email_pending
         GROUP BY user_id HAVING min(created_at) <= ${cutoff}::timestamptz
         LIMIT ${USERS_PER_ROUND}),
      taken AS (
        UPDATE notifications n SET email_pending = false
         WHERE n.email_pending AND n.user_id IN (SELECT user_id FROM due)
        RETURNING n.id, n.user_id, n.title, n.body)
      SELECT taken.*, u.email, u.first_name FROM taken JOIN users u ON u.id = taken.user_id
       ORDER BY taken.user_id, taken.id`);
    const byUser = new Map<number, PendingRow[]>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    let sent = 0;
    for (const items of byUser.values()) {
      const email = items[0].email;
      if (!email) continue;
      await insertOutboxMessage(tx, { channel: 'email', to: email, ...composeDigest(items, options.appUrl) });
      sent++;
    }
    return sent;
  });
}

/** The French digest: a subject with the count, one line per notification, a link to the app. */
export function composeDigest(items: Pick<PendingRow, 'title' | 'body' | 'first_name'>[], appUrl?: string): { subject: string; body: string } {
  const n = items.length;
  const subject = n === 1 ? `Nouvelle notification : ${items[0].title}` : `${n} nouvelles notifications`;
  const lines = items.slice(0, DIGEST_LINES).map((item) => `- ${item.title}${item.body ? ` : ${item.body}` : ''}`);
  if (n > DIGEST_LINES) lines.push(`… et ${n - DIGEST_LINES} autres.`);
  const greeting = items[0].first_name ? `Bonjour ${items[0].first_name},` : 'Bonjour,';
  const link = appUrl ? `\n\nConsultez-les dans l’application : ${appUrl}` : '\n\nConsultez-les dans l’application.';
  const footer = '\n\nVous recevez ce résumé selon vos préférences de notification (profil, section Notifications).';
  return { subject, body: `${greeting}\n\n${lines.join('\n')}${link}${footer}` };
}
