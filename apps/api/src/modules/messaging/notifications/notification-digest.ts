import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { messageText } from '../../../delivery/message-texts';
import { insertOutboxMessage } from '../../../delivery/outbox.repository';
import { DIGEST_TEXTS, type DigestText } from './digest.texts';

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
  locale: string | null;
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
      SELECT taken.*, u.email, u.first_name, u.locale FROM taken JOIN users u ON u.id = taken.user_id
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

/**
 * The digest in the recipient's language: a subject with the count, one line per
 * notification (their titles as they were written), a link to the app.
 */
export function composeDigest(items: Pick<PendingRow, 'title' | 'body' | 'first_name' | 'locale'>[], appUrl?: string): { subject: string; body: string } {
  const text = (key: DigestText, values?: Record<string, string | number>) => messageText(DIGEST_TEXTS, items[0].locale, key, values);
  const n = items.length;
  const subject = n === 1 ? text('subjectOne', { title: items[0].title }) : text('subjectMany', { count: n });
  const lines = items.slice(0, DIGEST_LINES).map((item) => `- ${item.title}${item.body ? ` : ${item.body}` : ''}`);
  if (n > DIGEST_LINES) lines.push(text('more', { count: n - DIGEST_LINES }));
  const greeting = items[0].first_name ? text('greetingNamed', { name: items[0].first_name }) : text('greeting');
  const link = appUrl ? text('seeAt', { url: appUrl }) : text('see');
  return { subject, body: `${greeting}\n\n${lines.join('\n')}\n\n${link}\n\n${text('footer')}` };
}
