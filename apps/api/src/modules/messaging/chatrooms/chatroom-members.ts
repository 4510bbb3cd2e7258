import { chatroomRoom } from '@app/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { agents, chatroomMembers } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { validationFailed } from '../../../http/errors';
import { chatroomsText } from './chatrooms.texts';

/** The active agents of the company among `agentIds`, or 422 naming the field. */
export async function companyAgents(
  { db, locale }: Pick<RequestContext, 'db' | 'locale'>,
  companyId: number,
  agentIds: number[],
): Promise<{ id: number; user_id: number }[]> {
  const wanted = [...new Set(agentIds)];
  if (wanted.length === 0) return [];
  const rows = await db.orm
    .select({ id: agents.id, user_id: agents.user_id })
    .from(agents)
    .where(and(inArray(agents.id, wanted), eq(agents.company_id, companyId), eq(agents.status, 'active'), isNull(agents.deleted_at)));
  if (rows.length !== wanted.length) throw validationFailed({ agent_ids: [chatroomsText(locale, 'agentsNotInCompany')] });
  return rows;
}

/**
 * Adds agents to a room (already there: unchanged) and makes their open sockets join
 * `chatroom.{id}` on every API process.
 */
export async function addAgentMembers(ctx: RequestContext, roomId: number, members: { id: number; user_id: number }[]): Promise<void> {
  if (members.length === 0) return;
  await ctx.db.orm
    .insert(chatroomMembers)
    .values(members.map((m) => ({ chatroom_id: roomId, user_id: m.user_id, agent_id: m.id })))
    .onConflictDoNothing();
  ctx.events.moveUsers(
    members.map((m) => m.user_id),
    chatroomRoom(roomId),
    true,
  );
}

/** Removes users from a room; their sockets leave `chatroom.{id}` at once. */
export async function removeMembers(ctx: RequestContext, roomId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await ctx.db.orm.delete(chatroomMembers).where(and(eq(chatroomMembers.chatroom_id, roomId), inArray(chatroomMembers.user_id, userIds)));
  ctx.events.moveUsers(userIds, chatroomRoom(roomId), false);
}

/**
 * The rooms these agents sit in as agents: their users' sockets leave them at once, on
 * every API process (agent suspended or removed, company suspended or deleted). The
 * membership rows stay, so a reactivated agent hears the room again at its next join.
 */
export async function silenceAgentMembers(ctx: RequestContext, agentIds: number[]): Promise<void> {
  if (agentIds.length === 0) return;
  const rows = await ctx.db.orm
    .select({ chatroom_id: chatroomMembers.chatroom_id, user_id: chatroomMembers.user_id })
    .from(chatroomMembers)
    .where(inArray(chatroomMembers.agent_id, agentIds));
  const usersByRoom = new Map<number, number[]>();
  for (const row of rows) usersByRoom.set(row.chatroom_id, [...(usersByRoom.get(row.chatroom_id) ?? []), row.user_id]);
  for (const [roomId, userIds] of usersByRoom) ctx.events.moveUsers(userIds, chatroomRoom(roomId), false);
}
