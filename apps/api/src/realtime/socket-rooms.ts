import { agentRoom, chatroomRoom, parseRoom, userRoom } from '@app/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { agents, chatroomMembers, companies } from '../db/schema';

/** What one user may listen to right now: their own room, their active agents, their chatrooms. */
export interface RoomGrants {
  userId: number;
  /** Active, not deleted memberships of companies that still exist, with their company. */
  agents: Map<number, { id: number; company_id: number }>;
  chatroomIds: Set<number>;
}

/**
 * Reads the grants from the database. Called at auth and again at every join, so an
 * agent suspended or a chatroom left after the socket connected is refused from then on.
 */
export async function loadRoomGrants(db: Database, userId: number): Promise<RoomGrants> {
  const [agentRows, chatroomRows] = await Promise.all([
    db.orm
      .select({ id: agents.id, company_id: agents.company_id })
      .from(agents)
      .innerJoin(companies, eq(companies.id, agents.company_id))
      .where(
        and(eq(agents.user_id, userId), eq(agents.status, 'active'), isNull(agents.deleted_at), isNull(companies.deleted_at)),
      ),
    db.orm
      .select({ id: chatroomMembers.chatroom_id })
      .from(chatroomMembers)
      .where(eq(chatroomMembers.user_id, userId)),
  ]);
  return {
    userId,
    agents: new Map(agentRows.map((a) => [a.id, a])),
    chatroomIds: new Set(chatroomRows.map((c) => c.id)),
  };
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
