import { BROADCASTS_PAGE_SIZE, type CreateBroadcastBody } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { broadcasts, medias } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound, validationFailed } from '../../../http/errors';
import { requireActor, requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { BROADCASTS_DUE } from './broadcast-fanout';
import { recipientsQuery } from './broadcast-recipients';

type BroadcastRow = typeof broadcasts.$inferSelect;

function broadcastView(row: BroadcastRow, extra: Record<string, unknown> = {}) {
  return {
    id: row.id,
    company_id: row.company_id,
    title: row.title,
    content: row.body,
    body: row.body,
    media_id: row.media_id,
    target: row.target,
    target_id: row.target_id,
    recipient_count: row.recipient_count,
    status: row.status,
    sent_at: row.sent_at?.toISOString() ?? null,
    published_at: row.published_at.toISOString(),
    created_at: row.created_at.toISOString(),
    ...extra,
  };
}

/**
 * POST broadcasts: publishes a broadcast of the active company. The request records it
 * (status `sending`) after checking its target, and answers at once; the fan-out loop of
 * broadcast-fanout.ts resolves its audience in batches and records the recipients
 * (broadcast_recipients: someone joining the group once the fan-out is done does not get
 * it, someone leaving keeps it), writes their notifications and sends `broadcast.created`
 * to those online (agent room, customers in their user room), then marks it `sent`.
 * Everyone finds it in GET broadcasts/received, the bell, and their e-mail digest when
 * they chose so. A 100,000-recipient audience never holds the request.
 */
export async function publishBroadcast(ctx: RequestContext, input: CreateBroadcastBody) {
  requirePermission(ctx, 'broadcasts.create');
  const { actor, companyId } = requireCompany(ctx);
  if (input.media_id !== undefined) {
    const [media] = await ctx.db.orm.select({ id: medias.id }).from(medias).where(and(eq(medias.id, input.media_id), eq(medias.company_id, companyId)));
    if (!media) throw validationFailed({ media_id: ['Fichier introuvable dans votre entreprise.'] });
  }
  // Checks the group, site or audience now: a wrong target is the sender's 422, not a silent empty send.
  await recipientsQuery(ctx.db, companyId, input.target, input.target_id);
  const [row] = await ctx.db.orm
    .insert(broadcasts)
    .values({
      company_id: companyId,
      author_agent_id: actor.agentId,
      title: input.title,
      body: input.body,
      media_id: input.media_id ?? null,
      target: input.target,
      target_id: input.target_id ?? null,
      status: 'sending',
    })
    .returning();
  ctx.events.signal(BROADCASTS_DUE);
  await ctx.events.emitDomain(
    {
      kind: 'broadcast.created',
      companyId,
      agentId: ctx.actor?.agentId ?? null,
      userId: ctx.actor?.userId ?? null,
      subject: { type: 'broadcasts', id: row.id, name: row.title },
      data: { target: row.target, target_id: row.target_id },
    },
    ctx.db,
  );
  return broadcastView(row);
}

/** GET broadcasts: those the active company published, newest first. */
export async function listCompanyBroadcasts(ctx: RequestContext, page: { page: number; limit?: number }) {
  requirePermission(ctx, 'broadcasts.list');
  const { companyId } = requireCompany(ctx);
  const limit = page.limit ?? BROADCASTS_PAGE_SIZE;
  const start = (page.page - 1) * limit;
  const rows = await ctx.db.orm
    .select()
    .from(broadcasts)
    .where(eq(broadcasts.company_id, companyId))
    .orderBy(sql`${broadcasts.id} DESC`)
    .limit(limit + 1)
    .offset(start);
  return { rows: rows.slice(0, limit).map((r) => broadcastView(r)), meta: { limit, page: page.page, start, has_more: rows.length > limit } };
}

/** Which received rows the caller sees: their own as themselves, and as the active agent only (section 6). */
function receivedBy(ctx: RequestContext, userId: number) {
  const agentId = ctx.actor?.agentId ?? null;
  return sql`r.user_id = ${userId} AND (r.agent_id IS NULL ${agentId !== null ? sql`OR r.agent_id = ${agentId}` : sql``})`;
}

/** GET broadcasts/received: the broadcasts the caller received, 20 at a time (section 9), newest first. */
export async function listReceivedBroadcasts(ctx: RequestContext, page: { page: number; limit?: number }) {
  const actor = requirePermission(ctx, 'broadcasts.list');
  const limit = page.limit ?? BROADCASTS_PAGE_SIZE;
  const start = (page.page - 1) * limit;
  const rows = await ctx.db.rows<Record<string, unknown>>(sql`
    SELECT b.id, b.company_id, co.name AS company_name, b.company_id IS NULL AS from_platform, b.title, b.body, b.media_id, b.published_at, r.read_at,
           m.mime AS media_mime, m.original_name AS media_name
      FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id LEFT JOIN companies co ON co.id = b.company_id
      LEFT JOIN medias m ON m.id = b.media_id
     WHERE ${receivedBy(ctx, actor.userId)}
     ORDER BY b.id DESC LIMIT ${limit + 1} OFFSET ${start}`);
  const data = rows.slice(0, limit).map((r) => ({
    ...r,
    content: r.body,
    published_at: new Date(r.published_at as string).toISOString(),
    read_at: r.read_at ? new Date(r.read_at as string).toISOString() : null,
  }));
  return { rows: data, meta: { limit, page: page.page, start, has_more: rows.length > limit } };
}

/** GET broadcasts/{id}: for its company (broadcasts.show) or one of its recipients. */
export async function getBroadcast(ctx: RequestContext, id: number) {
  const actor = requireActor(ctx);
  const [row] = await ctx.db.orm.select().from(broadcasts).where(eq(broadcasts.id, id));
  if (!row) throw notFound();
  if (row.company_id !== null && row.company_id === actor.companyId) {
    requirePermission(ctx, 'broadcasts.show');
    return broadcastView(row);
  }
  const [received] = await ctx.db.rows(sql`SELECT 1 FROM broadcast_recipients r WHERE r.broadcast_id = ${id} AND ${receivedBy(ctx, actor.userId)}`);
  if (!received) throw notFound();
  requirePermission(ctx, 'broadcasts.show');
  return broadcastView(row, { recipient_count: undefined, target_id: undefined });
}

/** POST broadcasts/{id}/read: a received broadcast is read (and its notification too). */
export async function markBroadcastRead(ctx: RequestContext, id: number) {
  const actor = requirePermission(ctx, 'broadcasts.show');
  const updated = await ctx.db.rows(sql`
    UPDATE broadcast_recipients r SET read_at = coalesce(r.read_at, now())
     WHERE r.broadcast_id = ${id} AND ${receivedBy(ctx, actor.userId)} RETURNING r.broadcast_id`);
  if (updated.length === 0) throw notFound();
  await ctx.db.rows(sql`
    UPDATE notifications SET read_at = now(), email_pending = false
     WHERE user_id = ${actor.userId} AND kind = 'broadcast' AND read_at IS NULL AND (data->>'broadcast_id')::int = ${id}`);
  return { id, read: true };
}
