import type { WebhookEvent } from '@app/contracts';
import { type AnyColumn, and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import type { EventBus } from '../../../events/event-bus';

export const WEBHOOKS_DUE = 'webhooks.due';

/** The company's active endpoints subscribed to `event` (company as a value or a column). */
function listening(companyId: number | SQL | AnyColumn, event: WebhookEvent): SQL {
  return and(
    eq(webhookEndpoints.company_id, companyId as number),
    eq(webhookEndpoints.active, true),
    isNull(webhookEndpoints.deleted_at),
    sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
  )!;
}

/**
 * Whether the company (a column of the caller's statement) has an endpoint for `event`:
 * a hot path reads it with its own rows and calls emitWebhookEvent only when true.
 */
export function hasWebhookFor(companyId: AnyColumn, event: WebhookEvent): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${webhookEndpoints} where ${listening(companyId, event)})`;
}

/**
 * Records one delivery per active endpoint of the company subscribed to `event`; the
 * delivery loop sends them (at once in this process, at its next poll elsewhere). Called
 * by services after their change is saved; never waits for the receivers.
 */
export async function emitWebhookEvent(deps: { db: Database; events: EventBus }, companyId: number, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  await emitWebhookEvents(deps, companyId, event, [data]);
}

/**
 * `emitWebhookEvent` for many occurrences of one event at once (a bulk review): the
 * endpoints are read once and every delivery goes in one insert.
 */
export async function emitWebhookEvents(deps: { db: Database; events: EventBus }, companyId: number, event: WebhookEvent, data: Record<string, unknown>[]): Promise<void> {
  if (data.length === 0) return;
  const endpoints = await deps.db.orm
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(listening(companyId, event));
  if (endpoints.length === 0) return;
  const occurredAt = new Date().toISOString();
  await deps.db.orm.insert(webhookDeliveries).values(
    endpoints.flatMap((e) => data.map((d) => ({ endpoint_id: e.id, company_id: companyId, event, payload: { event, company_id: companyId, occurred_at: occurredAt, data: d } }))),
  );
  deps.events.signal(WEBHOOKS_DUE);
}
