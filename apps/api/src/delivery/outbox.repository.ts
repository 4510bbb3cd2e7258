import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import type { Channel, OutgoingMessage } from './providers';

export type OutboxRow = typeof outbox.$inferSelect;

/** A message stops being retried after this many failed deliveries. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** Records a message; a dispatcher with a provider for its channel delivers it. */
export async function insertOutboxMessage(db: Database, message: OutgoingMessage): Promise<number> {
  const [row] = await db.orm
    .insert(outbox)
    .values({ channel: message.channel, destination: message.to, subject: message.subject ?? null, body: message.body })
    .returning({ id: outbox.id });
  return row.id;
}

/**
 * Claims up to `limit` undelivered messages of these channels for `lockS` seconds. SKIP
 * LOCKED and the lock time let several API processes dispatch without sending twice.
 */
export async function claimPendingMessages(
  db: Database,
  channels: Channel[],
  options: { limit: number; lockS: number },
): Promise<OutboxRow[]> {
  if (channels.length === 0) return [];
  const channelList = sql.join(
    channels.map((c) => sql`${c}`),
    sql`, `,
  );
  const rows = await db.rows<Record<string, unknown>>(sql`
    UPDATE outbox SET locked_until = now() + ${options.lockS} * interval '1 second', attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM outbox
        WHERE sent_at IS NULL AND attempts < ${MAX_DELIVERY_ATTEMPTS} AND channel IN (${channelList})
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY id LIMIT ${options.limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, channel, destination, subject, body
  `);
  return rows.map((r) => ({
    id: Number(r.id),
    channel: r.channel as Channel,
    destination: String(r.destination),
    subject: (r.subject as string | null) ?? null,
    body: String(r.body),
  })) as OutboxRow[];
}

export async function markOutboxSent(db: Database, id: number): Promise<void> {
  await db.orm
    .update(outbox)
    .set({ sent_at: new Date(), error: null, locked_until: null, updated_at: new Date() })
    .where(eq(outbox.id, id));
}

export async function markOutboxFailed(db: Database, id: number, error: string): Promise<void> {
  await db.orm
    .update(outbox)
    // Kept locked for a while: the next try comes with a later poll, not in the same round.
    .set({ error: error.slice(0, 500), locked_until: sql`now() + interval '60 seconds'`, updated_at: new Date() })
    .where(eq(outbox.id, id));
}

/** The newest outbox rows, optionally for one destination (dev page, tests). */
export function listOutbox(db: Database, options: { destination?: string; limit: number }): Promise<OutboxRow[]> {
  const where: SQL | undefined = options.destination ? eq(outbox.destination, options.destination) : undefined;
  return db.orm.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(options.limit);
}
