import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { webhookDeliveries } from '../../../db/schema';
import { signWebhook } from './webhook-signature';
import { resolveWebhookTarget } from './webhook-target';

export interface WebhookSettings {
  /** First retry delay; each later one doubles it. */
  backoffBaseMs: number;
  /** A delivery is given up once it has been tried for this long. */
  retryForMs: number;
  timeoutMs: number;
  /** Plain http and internal addresses, literal or resolved (tests and local development only). */
  allowInsecure: boolean;
}

const BATCH = 20;

interface DueDelivery {
  id: number;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: string;
  url: string;
  secret: string;
  usable: boolean;
}

/** The delay before try `attempt + 1`: base, 2×base, 4×base… */
export function backoffMs(settings: Pick<WebhookSettings, 'backoffBaseMs'>, attempt: number): number {
  return settings.backoffBaseMs * 2 ** Math.max(0, Math.min(attempt - 1, 20));
}

/**
 * Sends the deliveries that are due (one round of the loop): each is claimed for a while
 * (SKIP LOCKED, so several API processes share the work and a crash only delays it),
 * POSTed signed, then marked delivered, scheduled again with exponential backoff, or
 * failed once retried for `retryForMs`. Answers whether a full batch was found.
 */
export async function deliverDueWebhooks(db: Database, settings: WebhookSettings, log: FastifyBaseLogger): Promise<boolean> {
  const lockS = Math.ceil(settings.timeoutMs / 1000) + 30;
  const due = await db.rows<DueDelivery>(sql`
    WITH claimed AS (
      UPDATE webhook_deliveries SET locked_until = now() + ${lockS} * interval '1 second', attempts = attempts + 1, updated_at = now()
       WHERE id IN (
         SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
          ORDER BY next_attempt_at, id LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED)
      RETURNING id, endpoint_id, event, payload, attempts, created_at)
    SELECT c.id, c.event, c.payload, c.attempts, c.created_at, e.url, e.secret,
           (e.active AND e.deleted_at IS NULL) AS usable
      FROM claimed c JOIN webhook_endpoints e ON e.id = c.endpoint_id`);
  await Promise.all(due.map((delivery) => deliverOne(db, settings, delivery, log)));
  return due.length === BATCH;
}

/**
 * POSTs the body and answers the status. Connects only to the addresses `lookup` gives
 * (the checked ones); redirects are not followed; the response body is not read.
 */
function post(url: URL, headers: OutgoingHttpHeaders, body: string, timeoutMs: number, lookup: LookupFunction): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, lookup, signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function deliverOne(db: Database, settings: WebhookSettings, delivery: DueDelivery, log: FastifyBaseLogger): Promise<void> {
  if (!delivery.usable) return refuse(db, delivery.id, 'Le point de réception est désactivé ou supprimé.');
  const body = JSON.stringify({ id: delivery.id, ...delivery.payload });
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    // Resolved now, not at registration: what the name points to may have changed.
    const target = await resolveWebhookTarget(delivery.url, settings.allowInsecure);
    if ('refusal' in target) return refuse(db, delivery.id, target.refusal);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Enquetes-Webhooks/1',
      [WEBHOOK_EVENT_HEADER]: delivery.event,
      [WEBHOOK_DELIVERY_HEADER]: String(delivery.id),
      [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(delivery.secret, timestamp, body),
    };
    statusCode = await post(target.url, headers, body, settings.timeoutMs, target.lookup);
    if (statusCode < 200 || statusCode >= 300) error = `Réponse HTTP ${statusCode}`;
  } catch (cause) {
    error = cause instanceof Error ? `${cause.name}: ${cause.message}`.slice(0, 300) : 'Échec de l’envoi';
  }
  const duration = Math.round(performance.now() - started);
  if (!error) {
    return finish(db, delivery.id, { status: 'delivered', delivered_at: new Date(), last_status_code: statusCode, last_error: null, last_duration_ms: duration });
  }
  const age = Date.now() - new Date(delivery.created_at).getTime();
  const wait = backoffMs(settings, delivery.attempts);
  const givenUp = age + wait > settings.retryForMs;
  log.info({ deliveryId: delivery.id, statusCode, attempts: delivery.attempts, givenUp }, 'webhook delivery failed');
  await finish(db, delivery.id, {
    status: givenUp ? 'failed' : 'pending',
    next_attempt_at: new Date(Date.now() + wait),
    last_status_code: statusCode,
    last_error: error,
    last_duration_ms: duration,
  });
}

/** Not sent, and never will be: the endpoint is off or its address is refused. */
function refuse(db: Database, id: number, reason: string) {
  return finish(db, id, { status: 'failed', last_error: reason, last_status_code: null, last_duration_ms: null });
}

async function finish(db: Database, id: number, values: Partial<typeof webhookDeliveries.$inferInsert>) {
  await db.orm
    .update(webhookDeliveries)
    .set({ ...values, locked_until: null, updated_at: new Date() })
    .where(eq(webhookDeliveries.id, id));
}
