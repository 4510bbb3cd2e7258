/**
 * The socket protocol of API.md "Socket": room names, the events the server pushes and
 * the request/answer events of the handshake. Server and web client share these so a
 * renamed event is a type error on both sides.
 */

/** The room every signed-in socket is in; the server may rename it (config PRODUCT_ROOM). */
export const PRODUCT_ROOM = 'enquetes';

export const userRoom = (id: number | string) => `users.${id}`;
export const agentRoom = (id: number | string) => `agents.${id}`;
export const chatroomRoom = (id: number | string) => `chatroom.${id}`;

export type ParsedRoom =
  | { kind: 'product' }
  | { kind: 'user'; id: number }
  | { kind: 'agent'; id: number }
  | { kind: 'chatroom'; id: number };

const ROOM_PATTERN = /^(users|agents|chatroom)\.([1-9][0-9]{0,9})$/;
const ROOM_KINDS = { users: 'user', agents: 'agent', chatroom: 'chatroom' } as const;

/** Reads a room name; null for anything that is not one of the four room forms. */
export function parseRoom(room: string, productRoom: string = PRODUCT_ROOM): ParsedRoom | null {
  if (room === productRoom) return { kind: 'product' };
  const match = ROOM_PATTERN.exec(room);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id)) return null;
  return { kind: ROOM_KINDS[match[1] as keyof typeof ROOM_KINDS], id };
}

/** Every server event carries the room it was sent to and its data. */
export interface RoomMessage<T> {
  room: string;
  data: T;
}

export const SOCKET_EVENTS = {
  notificationCreated: 'notification.created',
  broadcastCreated: 'broadcast.created',
  contributorCreated: 'contributor.created',
  contributionCreated: 'contribution.created',
  contributionUpdated: 'contribution.updated',
  reportCreated: 'report.created',
  reportUpdated: 'report.updated',
  invitationSent: 'invitation.sent',
  messageCreated: 'message.created',
  messageRead: 'message.read',
  invoiceCreated: 'invoice.created',
  invoiceUpdated: 'invoice.updated',
  invoicePaid: 'invoice.paid',
  invoiceClosed: 'invoice.closed',
} as const;

export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/** `notification.created`, to `users.{id}` or `agents.{id}`. */
export interface NotificationCreatedData {
  id: number;
  type?: string | null;
  title?: string | null;
  body?: string | null;
  data?: Record<string, unknown> | null;
  read_at?: string | null;
  created_at?: string;
}

/** `broadcast.created`, to the product room or the agents of the audience. */
export interface BroadcastCreatedData {
  id: number;
  title?: string | null;
  content?: string | null;
  company_id?: number | null;
  created_at?: string;
}

/** `contributor.created`, to `users.{id}` or `agents.{id}`: someone was invited to answer a survey. */
export interface ContributorCreatedData {
  participation: { id: number; survey_code: string; survey_title: string; agent_name: string };
}

/** `contribution.created` / `contribution.updated`, to `agents.{author}`. */
export interface ContributionEventData {
  participation: { id: number; survey_id: number; agent_id: number };
  agent: { name: string };
  survey: { title: string };
}

/** `report.created` / `report.updated`, to `agents.{target or supervisor}`. */
export interface ReportEventData {
  monitor_id: number;
  agent_id: number;
  agent: { name: string };
  monitor: { target: string; monitorable: { name: string } };
}

/** `invitation.sent`, to `users.{guest}`: what the guest's toast shows and the ids to answer it. */
export interface InvitationSentData {
  id: number;
  company_id: number;
  company_name: string;
  host_name: string;
  job?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  status?: string;
  created_at?: string;
}

/** `message.created`, to `chatroom.{id}` (the message as `GET chatrooms/{id}/messages` lists it). */
export interface MessageCreatedData {
  id: number;
  chatroom_id: number;
  user_id: number | null;
  body: string;
  sender_name?: string;
  attachments?: { id: number; mime: string; name: string | null; size: number; kind: string }[];
  client_key?: string | null;
  created_at?: string;
}

/** `message.read`, to `chatroom.{id}`: a member has read up to this message (read receipts). */
export interface MessageReadData {
  chatroom_id: number;
  user_id: number;
  message_id: number;
  read_at: string;
}

/**
 * `invoice.created` / `.updated` / `.paid` / `.closed`, to `agents.{id}` of the issuing
 * company's agents who may see invoices, and to `users.{customer}` once it is no longer a
 * draft. Only what a list row shows: screens refetch the invoice on it.
 */
export interface InvoiceEventData {
  id: number;
  company_id: number;
  number: number;
  status: 'draft' | 'open' | 'paid' | 'closed' | 'cancelled';
  total: number;
  currency: string;
  customer_user_id: number | null;
}

export interface SocketEventData {
  'notification.created': NotificationCreatedData;
  'broadcast.created': BroadcastCreatedData;
  'contributor.created': ContributorCreatedData;
  'contribution.created': ContributionEventData;
  'contribution.updated': ContributionEventData;
  'report.created': ReportEventData;
  'report.updated': ReportEventData;
  'invitation.sent': InvitationSentData;
  'message.created': MessageCreatedData;
  'message.read': MessageReadData;
  'invoice.created': InvoiceEventData;
  'invoice.updated': InvoiceEventData;
  'invoice.paid': InvoiceEventData;
  'invoice.closed': InvoiceEventData;
}

/** `auth`: the access token of the session and, optionally, the agent (membership) in use. */
export interface SocketAuthRequest {
  token: string;
  agent?: number | string | null;
}

export interface SocketAuthSuccess {
  user: { id: number; name: string };
  agent: { id: number; company_id: number } | null;
  /** The rooms the server joined for this socket. */
  rooms: string[];
}

export interface SocketAuthError {
  message: string;
  /** The HTTP-equivalent status: 401, 498 (token expired, refresh then retry), 499, 403. */
  status: number;
}

export interface SocketRoomsRequest {
  rooms: string[] | string;
}

export interface SocketRoomsSuccess {
  rooms: string[];
}

export interface SocketRoomsError {
  rooms: string[];
  message: string;
}

type Push<T> = (message: RoomMessage<T>) => void;

/** Events the server emits (for socket.io's typed `Socket<ServerToClientEvents, ClientToServerEvents>`). */
export type ServerToClientEvents = { [K in SocketEventName]: Push<SocketEventData[K]> } & {
  'auth:success': (answer: SocketAuthSuccess) => void;
  'auth:error': (answer: SocketAuthError) => void;
  'join:room:success': (answer: SocketRoomsSuccess) => void;
  'join:room:error': (answer: SocketRoomsError) => void;
  'leave:room:success': (answer: SocketRoomsSuccess) => void;
  'leave:room:error': (answer: SocketRoomsError) => void;
};

export interface ClientToServerEvents {
  auth: (request: SocketAuthRequest) => void;
  'join:room': (request: SocketRoomsRequest) => void;
  'leave:room': (request: SocketRoomsRequest) => void;
}

/** Path of the socket endpoint, on the API's own origin. */
export const SOCKET_PATH = '/socket.io';

// The join requests' notifications: here, with the other events, so the live client reads them
// without evaluating the company's request schemas (a long task on a slow phone, issue 23).
/** `notification.created` data of a decided join request (to the requester's user room). */
export interface JoinRequestDecidedData {
  approval_id: number;
  status: 'approved' | 'rejected';
  company_id: number;
  company_name: string;
  agent_id: number | null;
  comment: string | null;
}

export const JOIN_REQUEST_DECIDED = 'join_request.decided';

/**
 * `data.type` of the notification (kind `notification`) the company's deciders receive
 * when someone asks to join: their bell, a toast and the approvals list refresh live.
 */
export const JOIN_REQUESTED = 'join_request.created';
