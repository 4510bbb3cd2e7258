import { CHATROOM_KINDS, type ChatroomKind, type CreateChatroomBody } from '@app/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { chatroomMembers, chatrooms, companies, monitors, participations, users } from '../../../db/schema';
import type { Actor, RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { notFound, validationFailed } from '../../../http/errors';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { accessRoom, type ChatroomRow } from './chatroom-access';
import { addAgentMembers, companyAgents, removeMembers } from './chatroom-members';
import { roomName, unnamedRoom } from './room-names';
import { chatroomsText } from './chatrooms.texts';

/** The rows a member reaches (chatroom-access.ts rule, as SQL): own memberships, company ones only while it is active. */
function reachable(actor: Actor) {
  return sql`m.user_id = ${actor.userId} AND (m.agent_id IS NULL OR c.company_id = ${actor.companyId ?? -1})`;
}

/** A room as the API shows it; `locale` names supervision rooms in the reader's language (room-names.ts). */
export function roomView(room: ChatroomRow, locale: string) {
  return {
    id: room.id,
    company_id: room.company_id,
    kind: room.kind,
    name: roomName(room, locale),
    subject_type: room.subject_type,
    subject_id: room.subject_id,
    status: room.status,
    assigned_agent_id: room.assigned_agent_id,
    created_by: room.created_by,
    last_message_at: room.last_message_at?.toISOString() ?? null,
    created_at: room.created_at.toISOString(),
  };
}

/** GET chatrooms?kind=&page=: the caller's rooms, latest activity first, with unread counts and the last message. */
export async function listRooms(ctx: RequestContext, query: { kind?: ChatroomKind; page: number; limit?: number }) {
  const actor = requirePermission(ctx, 'chatrooms.list');
  const limit = query.limit ?? 20;
  const start = (query.page - 1) * limit;
  const rows = await ctx.db.rows<Record<string, unknown>>(sql`
    SELECT c.id, c.company_id, c.kind, c.name, c.subject_type, c.subject_id, c.status, c.assigned_agent_id, c.created_by,
           c.last_message_at, c.created_at, m.last_read_message_id,
           (SELECT co.name FROM companies co WHERE co.id = c.company_id) AS company_name,
           (SELECT count(*) FROM messages x WHERE x.chatroom_id = c.id AND x.id > coalesce(m.last_read_message_id, 0)
               AND x.user_id IS DISTINCT FROM ${actor.userId})::int AS unread,
           (SELECT json_build_object('id', x.id, 'body', x.body, 'user_id', x.user_id, 'created_at', x.created_at)
              FROM messages x WHERE x.chatroom_id = c.id ORDER BY x.id DESC LIMIT 1) AS last_message,
           (SELECT string_agg(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ', ')
              FROM chatroom_members o JOIN users u ON u.id = o.user_id
             WHERE o.chatroom_id = c.id AND o.user_id <> ${actor.userId}) AS others
      FROM chatroom_members m JOIN chatrooms c ON c.id = m.chatroom_id
     WHERE ${reachable(actor)} ${query.kind ? sql`AND c.kind = ${query.kind}` : sql``}
     ORDER BY coalesce(c.last_message_at, c.created_at) DESC, c.id DESC
     LIMIT ${limit + 1} OFFSET ${start}`);
  const data = rows.slice(0, limit).map((r) => ({
    ...r,
    // The asker of a support request talks to the company, whoever answers for it.
    name: roomName(r as { name: string | null; subject_type: string | null }, ctx.locale),
    title:
      roomName(r as { name: string | null; subject_type: string | null }, ctx.locale) ||
      (r.kind === 'support' && r.created_by === actor.userId ? (r.company_name as string) : null) ||
      (r.others as string | null) ||
      unnamedRoom(ctx.locale),
    last_message_at: r.last_message_at ? new Date(r.last_message_at as string).toISOString() : null,
    created_at: new Date(r.created_at as string).toISOString(),
  }));
  return { rows: data, meta: { limit, page: query.page, start, has_more: rows.length > limit } };
}

/** GET chatrooms/overview/count: unread messages in the caller's rooms, in all and per kind and room. */
export async function countUnread(ctx: RequestContext) {
  const actor = requirePermission(ctx, 'chatrooms.list');
  const rows = await ctx.db.rows<{ id: number; kind: ChatroomKind; unread: number }>(sql`
    SELECT c.id, c.kind, count(x.id)::int AS unread
      FROM chatroom_members m JOIN chatrooms c ON c.id = m.chatroom_id
      JOIN messages x ON x.chatroom_id = c.id AND x.id > coalesce(m.last_read_message_id, 0) AND x.user_id IS DISTINCT FROM ${actor.userId}
     WHERE ${reachable(actor)}
     GROUP BY c.id, c.kind`);
  const byKind = Object.fromEntries(CHATROOM_KINDS.map((k) => [k, 0])) as Record<ChatroomKind, number>;
  for (const r of rows) byKind[r.kind] += r.unread;
  // A manager of the active company also counts the requests waiting for an answer.
  let pending = 0;
  if (actor.companyId !== null && hasPermission(actor, 'chatrooms.manage')) {
    [{ pending }] = await ctx.db.rows<{ pending: number }>(sql`
      SELECT count(*)::int AS pending FROM chatrooms WHERE company_id = ${actor.companyId} AND status = 'pending'`);
  }
  return { total: rows.reduce((n, r) => n + r.unread, 0), by_kind: byKind, rooms: rows.map((r) => ({ id: r.id, unread: r.unread })), pending };
}

/** Checks the subject of an activity (monitor) or survey (participation) conversation. */
async function subjectOf(ctx: RequestContext, companyId: number, input: CreateChatroomBody) {
  if (input.kind === 'survey') {
    const [p] = await ctx.db.orm
      .select({ id: participations.id })
      .from(participations)
      .where(and(eq(participations.id, input.subject_id!), eq(participations.company_id, companyId)));
    if (!p) throw validationFailed({ subject_id: [chatroomsText(ctx.locale, 'participationNotInCompany')] });
    return { subject_type: 'participation', subject_id: p.id };
  }
  if (input.kind === 'activity') {
    const [m] = await ctx.db.orm
      .select({ id: monitors.id })
      .from(monitors)
      .where(and(eq(monitors.id, input.subject_id!), eq(monitors.company_id, companyId), isNull(monitors.deleted_at)));
    if (!m) throw validationFailed({ subject_id: [chatroomsText(ctx.locale, 'monitorNotInCompany')] });
    return { subject_type: 'monitor', subject_id: m.id };
  }
  return { subject_type: null, subject_id: null };
}

/**
 * POST chatrooms: a conversation of the active company with some of its agents (the
 * creator is a member). A direct conversation with someone who already has one with the
 * caller is that one, not a second.
 */
export async function createRoom(ctx: RequestContext, input: CreateChatroomBody) {
  requirePermission(ctx, 'chatrooms.create');
  const { actor, companyId } = requireCompany(ctx);
  const others = await companyAgents(ctx, companyId, input.agent_ids.filter((id) => id !== actor.agentId));
  if (input.kind === 'direct') {
    if (others.length !== 1) throw validationFailed({ agent_ids: [chatroomsText(ctx.locale, 'directWithOne')] });
    const existing = await ctx.db.rows<{ id: number }>(sql`
      SELECT c.id FROM chatrooms c
       WHERE c.company_id = ${companyId} AND c.kind = 'direct'
         AND EXISTS (SELECT 1 FROM chatroom_members a WHERE a.chatroom_id = c.id AND a.user_id = ${actor.userId})
         AND EXISTS (SELECT 1 FROM chatroom_members b WHERE b.chatroom_id = c.id AND b.user_id = ${others[0].user_id})
       LIMIT 1`);
    if (existing.length) return getRoom(ctx, existing[0].id);
  }
  const subject = await subjectOf(ctx, companyId, input);
  const [room] = await ctx.db.orm
    .insert(chatrooms)
    .values({ company_id: companyId, kind: input.kind, name: input.name ?? null, ...subject, created_by: actor.userId })
    .returning();
  await addAgentMembers(ctx, room.id, [{ id: actor.agentId!, user_id: actor.userId }, ...others]);
  return getRoom(ctx, room.id);
}

/** GET chatrooms/{id}: the room and its members with how far each has read (read receipts). */
export async function getRoom(ctx: RequestContext, id: number) {
  const actor = requirePermission(ctx, 'chatrooms.show');
  const { room } = await accessRoom(ctx, actor, id);
  const members = await ctx.db.orm
    .select({
      user_id: chatroomMembers.user_id,
      agent_id: chatroomMembers.agent_id,
      first_name: users.first_name,
      last_name: users.last_name,
      photo: users.photo,
      last_read_message_id: chatroomMembers.last_read_message_id,
      last_read_at: chatroomMembers.last_read_at,
      joined_at: chatroomMembers.created_at,
    })
    .from(chatroomMembers)
    .innerJoin(users, eq(users.id, chatroomMembers.user_id))
    .where(eq(chatroomMembers.chatroom_id, id));
  const [company] = room.company_id === null ? [] : await ctx.db.orm.select({ name: companies.name }).from(companies).where(eq(companies.id, room.company_id));
  return {
    ...roomView(room, ctx.locale),
    company_name: company?.name ?? null,
    members: members.map((m) => ({
      ...m,
      name: [m.first_name, m.last_name].filter(Boolean).join(' '),
      last_read_at: m.last_read_at?.toISOString() ?? null,
      joined_at: m.joined_at.toISOString(),
    })),
  };
}

/** POST chatrooms/{id}/members: agents of the room's company join a group, activity or survey room. */
export async function addMembers(ctx: RequestContext, id: number, agentIds: number[]) {
  const actor = requirePermission(ctx, 'chatrooms.update');
  const { room } = await accessRoom(ctx, actor, id);
  if (room.company_id === null || room.company_id !== actor.companyId) throw notFound(chatroomsText(ctx.locale, 'roomNotFound'));
  if (room.kind === 'direct') throw validationFailed({ agent_ids: [chatroomsText(ctx.locale, 'directKeepsMembers')] });
  await addAgentMembers(ctx, id, await companyAgents(ctx, room.company_id, agentIds));
  return getRoom(ctx, id);
}

/** DELETE chatrooms/{id}/members/{user}: a member leaves (themselves), or is removed by the room's creator or a manager. */
export async function removeMember(ctx: RequestContext, id: number, userId: number) {
  const actor = requirePermission(ctx, 'chatrooms.update');
  const { room } = await accessRoom(ctx, actor, id);
  const self = userId === actor.userId;
  const manager = room.created_by === actor.userId || (room.company_id === actor.companyId && hasPermission(actor, 'chatrooms.manage'));
  if (!self && !manager) throw notFound(chatroomsText(ctx.locale, 'memberNotFound'));
  const [member] = await ctx.db.orm
    .select({ user_id: chatroomMembers.user_id })
    .from(chatroomMembers)
    .where(and(eq(chatroomMembers.chatroom_id, id), eq(chatroomMembers.user_id, userId)));
  if (!member) throw notFound(chatroomsText(ctx.locale, 'memberNotFound'));
  await removeMembers(ctx, id, [userId]);
}
