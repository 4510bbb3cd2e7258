import type { webhookEndpointBody, webhookEndpointUpdate } from '@app/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound, validationFailed } from '../../../http/errors';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import type { WebhookSettings } from './webhook-delivery';
import { refuseWebhookUrl } from './webhook-target';
import { WEBHOOKS_DUE } from './webhook-events';
import { generateWebhookSecret } from './webhook-signature';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** An endpoint as listed: the secret only in the answer that created it. */
function endpointView(row: EndpointRow, withSecret = false) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    description: row.description,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...(withSecret && { secret: row.secret }),
  };
}

function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    last_duration_ms: row.last_duration_ms,
    delivered_at: row.delivered_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    payload: row.payload,
  };
}

function checkUrl(url: string | undefined, settings: WebhookSettings) {
  if (url === undefined) return;
  const refusal = refuseWebhookUrl(url, settings.allowInsecure);
  if (refusal) throw validationFailed({ url: [refusal] });
}

async function findEndpoint(ctx: RequestContext, companyId: number, id: number): Promise<EndpointRow> {
  const [row] = await ctx.db.orm
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.company_id, companyId), isNull(webhookEndpoints.deleted_at)));
  if (!row) throw notFound();
  return row;
}

export async function listWebhooks(ctx: RequestContext) {
  requirePermission(ctx, 'webhooks.list');
  const { companyId } = requireCompany(ctx);
  const rows = await ctx.db.orm
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.company_id, companyId), isNull(webhookEndpoints.deleted_at)))
    .orderBy(desc(webhookEndpoints.id));
  return rows.map((row) => endpointView(row));
}

export async function getWebhook(ctx: RequestContext, id: number) {
  requirePermission(ctx, 'webhooks.show');
  return endpointView(await findEndpoint(ctx, requireCompany(ctx).companyId, id));
}

/** POST webhooks: the answer carries the signing secret, the only time it is shown. */
export async function createWebhook(ctx: RequestContext, input: z.output<typeof webhookEndpointBody>, settings: WebhookSettings) {
  requirePermission(ctx, 'webhooks.create');
  const { companyId } = requireCompany(ctx);
  checkUrl(input.url, settings);
  const [row] = await ctx.db.orm
    .insert(webhookEndpoints)
    .values({ company_id: companyId, url: input.url, events: [...new Set(input.events)], description: input.description ?? null, active: input.active ?? true, secret: generateWebhookSecret() })
    .returning();
  return endpointView(row, true);
}

export async function updateWebhook(ctx: RequestContext, id: number, input: z.output<typeof webhookEndpointUpdate>, settings: WebhookSettings) {
  requirePermission(ctx, 'webhooks.update');
  const { companyId } = requireCompany(ctx);
  await findEndpoint(ctx, companyId, id);
  checkUrl(input.url, settings);
  const [row] = await ctx.db.orm
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined && { url: input.url }),
      ...(input.events !== undefined && { events: [...new Set(input.events)] }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.active !== undefined && { active: input.active }),
      updated_at: new Date(),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return endpointView(row);
}

export async function deleteWebhook(ctx: RequestContext, id: number) {
  requirePermission(ctx, 'webhooks.delete');
  const { companyId } = requireCompany(ctx);
  await findEndpoint(ctx, companyId, id);
  await ctx.db.orm.update(webhookEndpoints).set({ deleted_at: new Date(), active: false }).where(eq(webhookEndpoints.id, id));
}

/** GET webhooks/{id}/deliveries: the log, newest first (status, attempts, last error). */
export async function listDeliveries(ctx: RequestContext, id: number, page: { page: number; limit?: number }) {
  requirePermission(ctx, 'webhooks.show');
  const { companyId } = requireCompany(ctx);
  await findEndpoint(ctx, companyId, id);
  const limit = page.limit ?? 20;
  const start = (page.page - 1) * limit;
  const rows = await ctx.db.orm
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpoint_id, id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit + 1)
    .offset(start);
  return { rows: rows.slice(0, limit).map(deliveryView), meta: { limit, page: page.page, start, has_more: rows.length > limit } };
}

/** POST webhooks/{id}/deliveries/{delivery}/redeliver: the same event sent again as a new delivery (the old one stays in the log). */
export async function redeliver(ctx: RequestContext, id: number, deliveryId: number) {
  requirePermission(ctx, 'webhooks.update');
  const { companyId } = requireCompany(ctx);
  await findEndpoint(ctx, companyId, id);
  const [original] = await ctx.db.orm
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpoint_id, id)));
  if (!original) throw notFound();
  const [copy] = await ctx.db.orm
    .insert(webhookDeliveries)
    .values({ endpoint_id: id, company_id: companyId, event: original.event, payload: original.payload })
    .returning();
  ctx.events.signal(WEBHOOKS_DUE);
  return deliveryView(copy);
}
