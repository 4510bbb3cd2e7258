import type { ListMeta } from '@app/contracts/envelope';
import type { ChatroomKind, MessageView, NotificationView } from '@app/contracts/messaging';
import { api } from '../../lib/api-client';

/** Cache keys of the messaging screens, per session and active agent (useCacheScope). */
export const messagingKeys = {
  all: (scope: string) => ['messaging', scope] as const,
  notifications: (scope: string) => ['messaging', scope, 'notifications'] as const,
  unread: (scope: string) => ['messaging', scope, 'notifications', 'unread'] as const,
  rooms: (scope: string, kind?: string, page = 1) => ['messaging', scope, 'rooms', kind ?? 'all', page] as const,
  /** A customer's own support requests (one batch of 100, filtered on the page). */
  myRequests: (scope: string) => ['messaging', scope, 'rooms', 'my-requests'] as const,
  roomCounts: (scope: string) => ['messaging', scope, 'rooms', 'count'] as const,
  room: (scope: string, id: number) => ['messaging', scope, 'room', id] as const,
  messages: (scope: string, id: number) => ['messaging', scope, 'room', id, 'messages'] as const,
  pending: (scope: string) => ['messaging', scope, 'pending'] as const,
  participationRoom: (scope: string, participationId: number) => ['messaging', scope, 'participation', participationId] as const,
  companies: (scope: string, search: string) => ['messaging', scope, 'companies', search] as const,
  received: (scope: string) => ['messaging', scope, 'broadcasts', 'received'] as const,
  broadcast: (scope: string, id: number) => ['messaging', scope, 'broadcasts', 'one', id] as const,
  sent: (scope: string) => ['messaging', scope, 'broadcasts', 'sent'] as const,
};

export interface RoomSummary {
  id: number;
  kind: ChatroomKind;
  title: string;
  status: 'pending' | 'open' | 'closed';
  company_name: string | null;
  created_by: number | null;
  unread: number;
  last_message: { id: number; body: string; user_id: number | null; created_at: string } | null;
  last_message_at: string | null;
  created_at: string;
}

export interface RoomMember {
  user_id: number;
  agent_id: number | null;
  name: string;
  last_read_message_id: number | null;
  last_read_at: string | null;
}

export interface RoomDetail {
  id: number;
  kind: ChatroomKind;
  name: string | null;
  status: 'pending' | 'open' | 'closed';
  company_id: number | null;
  company_name: string | null;
  assigned_agent_id: number | null;
  created_by: number | null;
  subject_type: string | null;
  subject_id: number | null;
  members: RoomMember[];
}

export interface ReceivedBroadcast {
  id: number;
  /** Null for a broadcast of the platform itself. */
  company_name: string | null;
  title: string;
  body: string;
  media_id: number | null;
  media_mime: string | null;
  media_name: string | null;
  published_at: string;
  read_at: string | null;
}

export interface Page<T> {
  data: T[];
  meta?: ListMeta;
}

export const fetchNotifications = (page: number): Promise<Page<NotificationView>> => api.list<NotificationView>('notifications', undefined, { query: { page } });
export const fetchUnreadCount = () => api.get<{ count: number }>('notifications/unread/count');
export const markNotificationRead = (id: number) => api.post<NotificationView>(`notifications/${id}/read`);
export const markAllNotificationsRead = () => api.post<{ updated: number }>('notifications/read');

/** One page of the caller's rooms (`page` 1-based, as the API counts; the API's page size unless `limit`). */
export const fetchRooms = (kind?: string, page = 1, limit?: number): Promise<Page<RoomSummary>> =>
  api.list<RoomSummary>('chatrooms', undefined, { query: { page, ...(kind ? { kind } : {}), ...(limit ? { limit } : {}) } });
/** Unread messages in the caller's rooms; `pending`: requests waiting for an answer (a manager of the active company, else 0). */
export const fetchRoomCounts = () =>
  api.get<{ total: number; by_kind: Record<ChatroomKind, number>; rooms: { id: number; unread: number }[]; pending: number }>('chatrooms/overview/count');
export const fetchRoom = (id: number) => api.get<RoomDetail>(`chatrooms/${id}`);
export const fetchMessages = (id: number, before?: number): Promise<Page<MessageView>> =>
  api.list<MessageView>(`chatrooms/${id}/messages`, undefined, { query: before ? { before } : {} });
export const sendMessage = (id: number, body: { body: string; attachments: number[]; client_key: string }) => api.post<MessageView>(`chatrooms/${id}/messages`, body);
/** Leaves a conversation (the caller's own membership). */
export const leaveRoom = (id: number, userId: number) => api.request('DELETE', `chatrooms/${id}/members/${userId}`);
export const markRoomRead = (id: number, messageId: number) => api.post(`chatrooms/${id}/read`, { message_id: messageId });
export const uploadAttachment = (roomId: number, file: File) => {
  const form = new FormData();
  // The room first: the server decides the checks from the fields sent before the file.
  form.append('chatroom_id', String(roomId));
  form.append('file', file);
  return api.post<{ id: number }>('medias', form);
};
export interface ParticipationRoom {
  room: RoomDetail | null;
  respondent: { user_id: number; agent_id: number | null; name: string } | null;
  /** The caller may open (or join) it: a reviewer of the company. */
  can_open: boolean;
}
export const fetchParticipationRoom = (participationId: number) => api.get<ParticipationRoom>(`chatrooms/participation/${participationId}`);
export const openParticipationRoom = (participationId: number) => api.post<RoomDetail>(`chatrooms/participation/${participationId}`);

export const fetchPending = () => api.get<{ id: number; requester_name: string; first_message: string; company_name: string; created_at: string }[]>('chatrooms/status/pending');
/** POST chatrooms/pending: ask a company to talk (a support room, `pending` until it accepts). */
export const askToTalk = (body: { company_id: number; body: string; client_key: string }) => api.post<RoomDetail>('chatrooms/pending', body);
export const manageRoom = (id: number, action: 'accept' | 'close' | 'reassign', agentId?: number) =>
  api.post(`chatrooms/${id}/manage/${action}`, agentId ? { agent_id: agentId } : {});

export const fetchReceivedBroadcasts = (page: number): Promise<Page<ReceivedBroadcast>> => api.list<ReceivedBroadcast>('broadcasts/received', undefined, { query: { page } });
export interface BroadcastView {
  id: number;
  company_id: number;
  title: string;
  body: string;
  media_id: number | null;
  status: 'sending' | 'sent';
  recipient_count?: number;
  target: string;
  published_at: string;
  sent_at: string | null;
}
export const fetchBroadcast = (id: number) => api.get<BroadcastView>(`broadcasts/${id}`);
export const fetchCompanyBroadcasts = (page: number): Promise<Page<BroadcastView>> => api.list<BroadcastView>('broadcasts', undefined, { query: { page } });
export const markBroadcastRead = (id: number) => api.post(`broadcasts/${id}/read`);
export const publishBroadcast = (body: { title: string; body: string; target: string; target_id?: number; media_id?: number }) => api.post<BroadcastView>('broadcasts', body);
