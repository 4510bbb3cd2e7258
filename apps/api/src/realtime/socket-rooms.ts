import { agentRoom, chatroomRoom, parseRoom, userRoom } from '@app/contracts';
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { agents, chatroomMembers, chatrooms, companies } from '../db/schema';

/** What one user may listen to right now: their own room, their active agents, their chatrooms. */
export interface RoomGrants {
  userId: number;
  /** Active, not deleted memberships of active, not deleted companies, with their company. */
  agents: Map<number, { id: number; company_id: number }>;
  chatroomIds: Set<number>;
}

/**
 * Reads the grants from the database. Called at auth and again at every join, so an
 * agent suspended, a company suspended or a chatroom left after the socket connected
 * is refused from then on (the same rule as the HTTP `Agent-id` check).
 */
export async function loadRoomGrants(db: Database, userId: number): Promise<RoomGrants> {
  return (await loadRoomGrantsOf(db, [userId])).get(userId)!;
}

/**
 * The membership that still counts: an active, not deleted agent of an active, not
 * deleted company (the rule of the HTTP `Agent-id` check, `modules/identity/auth/actor-query.ts`). Null
 * columns of an outer join make it false.
 */
function agentInService(): SQL {
  return and(eq(agents.status, 'active'), isNull(agents.deleted_at), eq(companies.status, 'active'), isNull(companies.deleted_at))!;
}

/** The grants of several users in two queries (the periodic sweep reads them for every socket). */
export async function loadRoomGrantsOf(db: Database, userIds: number[]): Promise<Map<number, RoomGrants>> {
  const grants = new Map<number, RoomGrants>(userIds.map((userId) => [userId, { userId, agents: new Map(), chatroomIds: new Set() }]));
  for (let i = 0; i < userIds.length; i += 1000) {
    const batch = userIds.slice(i, i + 1000);
    const [agentRows, chatroomRows] = await Promise.all([
      db.orm
        .select({ id: agents.id, company_id: agents.company_id, user_id: agents.user_id })
        .from(agents)
        .innerJoin(companies, eq(companies.id, agents.company_id))
        .where(and(inArray(agents.user_id, batch), agentInService())),
      // Like `chatroom-access.ts`: a member who is there as an agent of the room's company
      // hears it only while that membership counts; the person outside (agent_id null) always.
      db.orm
        .select({ id: chatroomMembers.chatroom_id, user_id: chatroomMembers.user_id })
        .from(chatroomMembers)
        .innerJoin(chatrooms, eq(chatrooms.id, chatroomMembers.chatroom_id))
        .leftJoin(agents, and(eq(agents.id, chatroomMembers.agent_id), eq(agents.company_id, chatrooms.company_id)))
        .leftJoin(companies, eq(companies.id, agents.company_id))
        .where(and(inArray(chatroomMembers.user_id, batch), or(isNull(chatroomMembers.agent_id), agentInService()))),
    ]);
    for (const a of agentRows) grants.get(a.user_id)!.agents.set(a.id, { id: a.id, company_id: a.company_id });
    for (const c of chatroomRows) grants.get(c.user_id)!.chatroomIds.add(c.id);
  }
  return grants;
}

/** The rooms a socket joins on auth:success: product, own user room, every active agent, every chatroom. */
export function defaultRooms(grants: RoomGrants, productRoom: string): string[] {
  return [
    productRoom,
    userRoom(grants.userId),
    ...[...grants.agents.keys()].map((id) => agentRoom(id)),
    ...[...grants.chatroomIds].map((id) => chatroomRoom(id)),
  ];
}

export interface RoomDecision {
  allowed: string[];
  refused: string[];
  /** Names that are none of the four room forms (including socket ids). */
  unknown: string[];
}

/** Sorts requested rooms by whether these grants allow joining them. */
export function decideRooms(requested: string[], grants: RoomGrants, productRoom: string): RoomDecision {
  const decision: RoomDecision = { allowed: [], refused: [], unknown: [] };
  for (const room of new Set(requested)) {
    const parsed = parseRoom(room, productRoom);
    if (!parsed) decision.unknown.push(room);
    else if (isGranted(parsed, grants)) decision.allowed.push(room);
    else decision.refused.push(room);
  }
  return decision;
}

/** The rooms among `rooms` that these grants no longer allow (a membership ended after the join). */
export function lapsedRooms(rooms: Iterable<string>, grants: RoomGrants, productRoom: string): string[] {
  const lapsed: string[] = [];
  for (const room of rooms) {
    const parsed = parseRoom(room, productRoom);
    if (parsed && !isGranted(parsed, grants)) lapsed.push(room);
  }
  return lapsed;
}

function isGranted(room: NonNullable<ReturnType<typeof parseRoom>>, grants: RoomGrants): boolean {
  switch (room.kind) {
    case 'product':
      return true;
    case 'user':
      return room.id === grants.userId;
    case 'agent':
      return grants.agents.has(room.id);
    case 'chatroom':
      return grants.chatroomIds.has(room.id);
  }
}
