import type { PlatformAudience } from '@app/contracts/admin-platform';
import { agentRoom, type BroadcastCreatedData, type BroadcastTarget, userRoom } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import type { EventBus } from '../../../events/event-bus';
import { notify } from '../notifications/notify';
import { emitWebhookEvent } from '../webhooks/webhook-events';
import { platformRecipientsQuery, recipientsQuery } from './broadcast-recipients';

/** The signal that wakes the fan-out loop of this process when a broadcast is published. */
export const BROADCASTS_DUE = 'broadcasts.due';

export interface FanOutSettings {
  /** Recipients resolved, recorded, notified and told per transaction. */
  batchSize: number;
}

interface Claimed {
  id: number;
  /** Null for a platform broadcast (target `platform`). */
  company_id: number | null;
  title: string;
  body: string;
  target: BroadcastTarget | 'platform';
  target_id: number | null;
  platform_audience: PlatformAudience | null;
  fanout_cursor: number | null;
  recipient_count: number;
  created_at: string;
}

interface BatchResult {
  broadcast: Claimed;
  reached: { user_id: number; agent_id: number | null }[];
  finished: boolean;
}

/**
 * One batch of the oldest broadcast still `sending`, in one transaction that holds its row
 * (FOR UPDATE SKIP LOCKED: two API processes never work on the same broadcast at once):
 * the next `batchSize` recipients by increasing user id after `fanout_cursor` are recorded,
 * get their `broadcast` notification (bell and e-mail digest), and the cursor and count move
 * on. A crash loses nothing: the batch rolls back and is done again. After the commit those
 * recipients who are online get `broadcast.created`; the last batch marks the broadcast
 * `sent` and emits the `broadcast.created` webhook with the final count.
 * Answers whether more work may be due right away.
 */
export async function fanOutNextBatch(deps: { db: Database; events: EventBus }, settings: FanOutSettings): Promise<boolean> {
  const result = await deps.db.transaction(async (tx): Promise<BatchResult | null> => {
    const [broadcast] = await tx.rows<Claimed>(sql`
      SELECT id, company_id, title, body, target, target_id, platform_audience, fanout_cursor, recipient_count, created_at
        FROM broadcasts WHERE status = 'sending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`);
    if (!broadcast) return null;
    const cursor = broadcast.fanout_cursor ?? 0;
    let audience: SQL | null;
    try {
      audience =
        broadcast.target === 'platform' || broadcast.company_id === null
          ? platformRecipientsQuery(broadcast.platform_audience)
          : await recipientsQuery(tx, broadcast.company_id, broadcast.target, broadcast.target_id ?? undefined);
    } catch (error) {
      // The group, site or audience was deleted since the publish: nobody more to reach.
      if (!(error instanceof AppError)) throw error;
      audience = null;
    }
    let reached: BatchResult['reached'] = [];
    let picked = 0;
    let last = cursor;
    if (audience) {
      const [row] = await tx.rows<{ last: number | null; picked: number; reached: [number, number | null][] }>(sql`
        WITH batch AS (
          SELECT DISTINCT ON (r.user_id) r.user_id, r.agent_id FROM (${audience}) r
           WHERE r.user_id > ${cursor} ORDER BY r.user_id LIMIT ${settings.batchSize}),
        ins AS (
          INSERT INTO broadcast_recipients (broadcast_id, user_id, agent_id)
          SELECT ${broadcast.id}, b.user_id, b.agent_id FROM batch b ON CONFLICT DO NOTHING
          RETURNING user_id, agent_id)
        SELECT (SELECT max(user_id) FROM batch) AS last, (SELECT count(*) FROM batch)::int AS picked,
               coalesce((SELECT json_agg(json_build_array(user_id, agent_id)) FROM ins), '[]'::json) AS reached`);
      picked = row.picked;
      last = row.last ?? cursor;
      reached = row.reached.map(([user_id, agent_id]) => ({ user_id, agent_id }));
    }
    if (reached.length) {
      await notify({ db: tx, events: deps.events }, sql`
        SELECT user_id, agent_id FROM broadcast_recipients
         WHERE broadcast_id = ${broadcast.id} AND user_id > ${cursor} AND user_id <= ${last}`, {
        kind: 'broadcast',
        title: broadcast.title,
        body: broadcast.body.slice(0, 200),
        companyId: broadcast.company_id,
        data: { broadcast_id: broadcast.id },
        live: false,
      });
    }
    const finished = picked < settings.batchSize;
    const [counted] = await tx.rows<{ recipient_count: number }>(sql`
      UPDATE broadcasts SET fanout_cursor = ${last}, recipient_count = recipient_count + ${reached.length}, updated_at = now()
             ${finished ? sql`, status = 'sent', sent_at = now()` : sql``}
       WHERE id = ${broadcast.id} RETURNING recipient_count`);
    return { broadcast: { ...broadcast, recipient_count: counted.recipient_count }, reached, finished };
  });
  if (!result) return false;
  const { broadcast, reached, finished } = result;
  const live: BroadcastCreatedData = {
    id: broadcast.id,
    title: broadcast.title,
    content: broadcast.body,
    company_id: broadcast.company_id,
    created_at: new Date(broadcast.created_at).toISOString(),
  };
  for (const r of reached) deps.events.publish('broadcast.created', r.agent_id !== null ? agentRoom(r.agent_id) : userRoom(r.user_id), live);
  // A platform broadcast belongs to no company: no company's webhook hears of it.
  if (finished && broadcast.company_id !== null) {
    await emitWebhookEvent(deps, broadcast.company_id, 'broadcast.created', {
      broadcast_id: broadcast.id,
      title: broadcast.title,
      target: broadcast.target,
      target_id: broadcast.target_id,
      recipient_count: broadcast.recipient_count,
    });
  }
  return true;
}
