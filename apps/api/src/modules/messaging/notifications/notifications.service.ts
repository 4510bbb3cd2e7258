import { NOTIFICATIONS_PAGE_SIZE, type NotificationKind, type NotificationView } from '@app/contracts';
import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { notifications } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { requireActor, requirePermission } from '../../tenancy/companies/tenancy';

type NotificationRow = typeof notifications.$inferSelect;

/**
 * The caller's notifications as the active account sees them (section 6): the user's own
 * and, for the active agent only, that agent's; another agent's stay until it is active.
 */
function visibleTo(ctx: RequestContext, userId: number): SQL {
  const agentId = ctx.actor?.agentId ?? null;
  return and(
    eq(notifications.user_id, userId),
    agentId === null ? isNull(notifications.agent_id) : or(isNull(notifications.agent_id), eq(notifications.agent_id, agentId)),
  )!;
}

export function notificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    data: row.data,
    agent_id: row.agent_id,
    company_id: row.company_id,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** GET notifications: newest first, a page at a time (permission notifications.list). */
export async function listNotifications(ctx: RequestContext, query: { page: number; limit?: number; unread?: boolean }) {
  const actor = requirePermission(ctx, 'notifications.list');
  const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
  const start = (query.page - 1) * limit;
  const where = query.unread ? and(visibleTo(ctx, actor.userId), isNull(notifications.read_at)) : visibleTo(ctx, actor.userId);
  const rows = await ctx.db.orm
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(limit + 1)
    .offset(start);
  return {
    rows: rows.slice(0, limit).map(notificationView),
    meta: { limit, page: query.page, start, has_more: rows.length > limit },
  };
}

/** GET notifications/unread/count: what the bell shows. */
export async function countUnreadNotifications(ctx: RequestContext): Promise<{ count: number }> {
  const actor = requirePermission(ctx, 'notifications.list');
  const [row] = await ctx.db.orm
    .select({ n: count() })
    .from(notifications)
    .where(and(visibleTo(ctx, actor.userId), isNull(notifications.read_at)));
  return { count: Number(row.n) };
}

/**
 * POST notifications/{id}/read: what a person received, they may mark read, whatever their
 * role (no `notifications.update` needed: a partner's bell works too); someone else's
 * notification is simply not found.
 */
export async function markNotificationRead(ctx: RequestContext, id: number): Promise<NotificationView> {
  const actor = requireActor(ctx);
  const [existing] = await ctx.db.orm
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(ctx, actor.userId)));
  if (!existing) throw notFound();
  if (existing.read_at) return notificationView(existing);
  const [row] = await ctx.db.orm
    .update(notifications)
    .set({ read_at: new Date(), email_pending: false })
    .where(eq(notifications.id, id))
    .returning();
  return notificationView(row);
}

/** POST notifications/read: every unread notification the caller received marked read; answers how many. */
export async function markAllNotificationsRead(ctx: RequestContext): Promise<{ updated: number }> {
  const actor = requireActor(ctx);
  // Read ones need no e-mail any more either.
  const rows = await ctx.db.orm
    .update(notifications)
    .set({ read_at: new Date(), email_pending: false })
    .where(and(visibleTo(ctx, actor.userId), isNull(notifications.read_at)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
