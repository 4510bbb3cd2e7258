import { type ChatroomManageAction, chatroomRoom } from '@app/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { agents, chatroomMembers, chatrooms, companies } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { conflict, validationFailed } from '../../../http/errors';
import { requireActor, requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { inEveryLocale } from '../../../delivery/message-texts';
import { notify } from '../notifications/notify';
import { companyRoom } from './chatroom-access';
import { addAgentMembers, companyAgents, removeMembers } from './chatroom-members';
import { getRoom, roomView } from './chatrooms.service';
import { postMessage } from './messages.service';
import { chatroomsText } from './chatrooms.texts';

/**
 * POST chatrooms/pending: someone (a customer, or an agent of another company) asks a
 * company to talk. The request is a support room in status `pending` with the asker as
 * its only member and their first message; asking again while one is pending or open
 * adds the message to that one. The company's managers see it in GET chatrooms/status/pending.
 */
export async function requestConversation(ctx: RequestContext, input: { company_id: number; body: string; client_key?: string }) {
  const actor = requirePermission(ctx, 'chatrooms.create');
  const [company] = await ctx.db.orm
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, input.company_id), eq(companies.status, 'active'), isNull(companies.deleted_at)));
  if (!company) throw validationFailed({ company_id: [chatroomsText(ctx.locale, 'companyNotFound')] });
  const [open] = await ctx.db.rows<{ id: number }>(sql`
    SELECT c.id FROM chatrooms c JOIN chatroom_members m ON m.chatroom_id = c.id AND m.user_id = ${actor.userId} AND m.agent_id IS NULL
     WHERE c.company_id = ${company.id} AND c.kind = 'support' AND c.status IN ('pending', 'open') AND c.created_by = ${actor.userId}
     ORDER BY c.id DESC LIMIT 1`);
  let roomId = open?.id;
  let created = false;
  if (roomId === undefined) {
    const [room] = await ctx.db.orm
      .insert(chatrooms)
      .values({ company_id: company.id, kind: 'support', status: 'pending', created_by: actor.userId })
      .returning({ id: chatrooms.id });
    roomId = room.id;
    await ctx.db.orm.insert(chatroomMembers).values({ chatroom_id: roomId, user_id: actor.userId, agent_id: null });
    // The asker's open sockets join the room now: the company's answer arrives live.
    ctx.events.moveUsers([actor.userId], chatroomRoom(roomId), true);
    created = true;
  }
  const room = await companyRoom(ctx, company.id, roomId);
  await postMessage(ctx, actor, room, { body: input.body, attachments: [], client_key: input.client_key });
  if (created) await tellManagers(ctx, company, roomId);
  return getRoom(ctx, roomId);
}

/** The active agents of the company who answer its conversations (an owner role, or a role with chatrooms.manage). */
function managersOf(companyId: number) {
  return sql`
    SELECT a.user_id, a.id AS agent_id FROM agents a
     WHERE a.company_id = ${companyId} AND a.status = 'active' AND a.deleted_at IS NULL
       AND EXISTS (
         SELECT 1 FROM agent_roles ar JOIN roles r ON r.id = ar.role_id AND r.state = 'active'
          WHERE ar.agent_id = a.id
            AND (r.is_owner OR EXISTS (
              SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
               WHERE rp.role_id = r.id AND p.slug = 'chatrooms.manage')))`;
}

/**
 * A new request: the company's managers get a notification (the bell, a toast, and the
 * pending count of GET chatrooms/overview/count refreshed live on their screens).
 */
async function tellManagers(ctx: RequestContext, company: { id: number; name: string }, roomId: number) {
  const [asker] = await ctx.db.rows<{ name: string }>(sql`
    SELECT trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) AS name FROM users WHERE id = ${ctx.actor!.userId}`);
  await notify(ctx, managersOf(company.id), {
    kind: 'notification',
    title: inEveryLocale((l) => chatroomsText(l, 'askTitle', { asker: asker?.name || chatroomsText(l, 'someone'), company: company.name })),
    companyId: company.id,
    data: { pending_chatroom_id: roomId, type: 'support' },
  });
}

/**
 * GET chatrooms/status/pending: for a manager of the active company (chatrooms.manage),
 * the requests waiting for an answer; for anyone else, their own waiting requests.
 */
export async function listPending(ctx: RequestContext) {
  const actor = requireActor(ctx);
  const manager = actor.companyId !== null && hasPermission(actor, 'chatrooms.manage');
  if (!manager) requirePermission(ctx, 'chatrooms.list');
  const rows = await ctx.db.rows<Record<string, unknown>>(sql`
    SELECT c.id, c.company_id, co.name AS company_name, c.created_by, c.created_at, c.last_message_at,
           trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS requester_name,
           (SELECT x.body FROM messages x WHERE x.chatroom_id = c.id ORDER BY x.id LIMIT 1) AS first_message,
           (SELECT count(*) FROM messages x WHERE x.chatroom_id = c.id)::int AS messages
      FROM chatrooms c JOIN companies co ON co.id = c.company_id LEFT JOIN users u ON u.id = c.created_by
     WHERE c.status = 'pending'
       AND ${manager ? sql`c.company_id = ${actor.companyId}` : sql`c.created_by = ${actor.userId}`}
     ORDER BY c.id`);
  const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
  return rows.map((r) => ({ ...r, status: 'pending', created_at: iso(r.created_at), last_message_at: iso(r.last_message_at) }));
}

/**
 * POST chatrooms/{id}/manage/{x} (chatrooms.manage, a room of the active company):
 * - `accept`: a pending room opens with the caller as its assigned agent (a member);
 * - `close`: the room (pending or open) takes no more messages;
 * - `reassign` {agent_id}: the room goes to another active agent of the company, who
 *   becomes its member and assignee in place of the previous assignee (a pending room opens).
 * The asker is told by a notification; the new assignee too.
 */
export async function manageRoom(ctx: RequestContext, id: number, action: ChatroomManageAction, input: { agent_id?: number }) {
  requirePermission(ctx, 'chatrooms.manage');
  const { actor, companyId } = requireCompany(ctx);
  const room = await companyRoom(ctx, companyId, id);
  if (room.status === 'closed') throw conflict(chatroomsText(ctx.locale, 'roomAlreadyClosed'), 'chatroom_closed');
  const [company] = await ctx.db.orm.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  const tellAsker = async (key: 'acceptedTitle' | 'declinedTitle' | 'closedTitle') => {
    const title = inEveryLocale((l) => chatroomsText(l, key, { company: company.name }));
    if (room.created_by !== null && room.kind === 'support') {
      await notify(ctx, { userId: room.created_by }, { kind: 'notification', title, companyId, data: { chatroom_id: id, type: 'support' } });
    }
  };
  if (action === 'accept') {
    if (room.status !== 'pending') throw conflict(chatroomsText(ctx.locale, 'roomNotPending'), 'chatroom_not_pending');
    await ctx.db.orm.update(chatrooms).set({ status: 'open', assigned_agent_id: actor.agentId, updated_at: new Date() }).where(eq(chatrooms.id, id));
    await addAgentMembers(ctx, id, [{ id: actor.agentId!, user_id: actor.userId }]);
    await tellAsker('acceptedTitle');
  } else if (action === 'close') {
    await ctx.db.orm.update(chatrooms).set({ status: 'closed', updated_at: new Date() }).where(eq(chatrooms.id, id));
    // Closing a request nobody accepted is declining it.
    await tellAsker(room.status === 'pending' ? 'declinedTitle' : 'closedTitle');
  } else {
    if (input.agent_id === undefined) throw validationFailed({ agent_id: [chatroomsText(ctx.locale, 'agentMissing')] });
    const [target] = await companyAgents(ctx, companyId, [input.agent_id]).catch(() => {
      throw validationFailed({ agent_id: [chatroomsText(ctx.locale, 'agentNotInCompany')] });
    });
    if (room.assigned_agent_id !== null && room.assigned_agent_id !== target.id) {
      const previous = await ctx.db.orm
        .select({ user_id: agents.user_id })
        .from(agents)
        .where(inArray(agents.id, [room.assigned_agent_id]));
      await removeMembers(ctx, id, previous.map((p) => p.user_id).filter((u) => u !== target.user_id));
    }
    await ctx.db.orm.update(chatrooms).set({ status: 'open', assigned_agent_id: target.id, updated_at: new Date() }).where(eq(chatrooms.id, id));
    await addAgentMembers(ctx, id, [target]);
    await notify(ctx, { userId: target.user_id, agentId: target.id }, { kind: 'notification', title: inEveryLocale((l) => chatroomsText(l, 'assignedTitle')), companyId, data: { chatroom_id: id, type: room.kind } });
    if (room.status === 'pending') await tellAsker('acceptedTitle');
  }
  const [updated] = await ctx.db.orm.select().from(chatrooms).where(eq(chatrooms.id, id));
  return roomView(updated, ctx.locale);
}
