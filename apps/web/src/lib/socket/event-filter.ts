import { agentRoom, parseRoom, type SocketEventName, userRoom } from '@app/contracts/socket-events';

/** Who is listening: the account's user, its active agent, and its rooms. */
export interface Listener {
  userId: number;
  agentId: number | null;
  /** The product room as the server named it in auth:success. */
  productRoom: string | null;
  chatroomIds: readonly number[];
}

type Audience = 'agent' | 'agentOrUser' | 'user' | 'broadcast' | 'chatroom';

/**
 * Section 6, last bullet: agent events only in the current agent's room; notifications
 * also in the user's room; invitations only in the user's room. An invitation to
 * contribute may address a user without an agent (DOMAIN.md), so it counts as a
 * notification; broadcasts come to everyone or to the agents of an audience.
 */
const AUDIENCE: Record<SocketEventName, Audience> = {
  'contribution.created': 'agent',
  'contribution.updated': 'agent',
  'report.created': 'agent',
  'report.updated': 'agent',
  'contributor.created': 'agentOrUser',
  'notification.created': 'agentOrUser',
  'invitation.sent': 'user',
  'broadcast.created': 'broadcast',
  'message.created': 'chatroom',
  'message.read': 'chatroom',
  // The issuing company's agents (their agent room) and the customer (their user room).
  'invoice.created': 'agentOrUser',
  'invoice.updated': 'agentOrUser',
  'invoice.paid': 'agentOrUser',
  'invoice.closed': 'agentOrUser',
};

/** Whether an event received in `room` is for the account as it is now (active agent included). */
export function acceptsEvent(event: SocketEventName, room: string, who: Listener): boolean {
  const ownAgent = who.agentId !== null && room === agentRoom(who.agentId);
  const ownUser = room === userRoom(who.userId);
  switch (AUDIENCE[event]) {
    case 'agent':
      return ownAgent;
    case 'agentOrUser':
      return ownAgent || ownUser;
    case 'user':
      return ownUser;
    case 'broadcast':
      // A customer (no agent) receives a company's broadcasts in their user room.
      return ownAgent || ownUser || (who.productRoom !== null && room === who.productRoom);
    case 'chatroom':
      // The server lets a socket into `chatroom.{id}` only while its user is a member
      // (and moves it in and out as membership changes), so any chatroom room counts:
      // the account's list from sign-in would miss rooms created since.
      return parseRoom(room)?.kind === 'chatroom';
    default:
      return false;
  }
}
