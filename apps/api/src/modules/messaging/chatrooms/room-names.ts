import { type MessageTexts, messageText } from '../../../delivery/message-texts';

/**
 * The names the server gives rooms, in the reader's language. A supervision room stores
 * only its subject's name (the monitored target) and is named here when read; rooms made
 * before that stored "Supervision : {name}" and read the same way (no migration needed).
 * Names people typed stay as typed.
 */
const fr = { monitorRoom: 'Supervision : {{name}}', conversation: 'Conversation' };
type RoomNameText = keyof typeof fr;

export const ROOM_NAME_TEXTS: MessageTexts<RoomNameText> = {
  fr,
  en: { monitorRoom: 'Supervision: {{name}}', conversation: 'Chat' },
  de: { monitorRoom: 'Supervision: {{name}}', conversation: 'Unterhaltung' },
  es: { monitorRoom: 'Supervisión: {{name}}', conversation: 'Conversación' },
  'es-MX': { monitorRoom: 'Supervisión: {{name}}', conversation: 'Conversación' },
  'zh-CN': { monitorRoom: '督导：{{name}}', conversation: '会话' },
};

/** How older supervision rooms were named at creation, in French. */
const LEGACY_MONITOR_PREFIX = 'Supervision : ';

/** The stored name of a new supervision room: its subject's name. */
export function monitorRoomSubject(targetName: string | null, monitorId: number): string {
  return targetName ?? `#${monitorId}`;
}

/** A room's name for the reader; null for a room without one. */
export function roomName(room: { name: string | null; subject_type: string | null }, locale: string): string | null {
  if (!room.name || room.subject_type !== 'monitor') return room.name;
  const subject = room.name.startsWith(LEGACY_MONITOR_PREFIX) ? room.name.slice(LEGACY_MONITOR_PREFIX.length) : room.name;
  return messageText(ROOM_NAME_TEXTS, locale, 'monitorRoom', { name: subject });
}

/** The fallback title of a room with no name and nobody else in it. */
export function unnamedRoom(locale: string): string {
  return messageText(ROOM_NAME_TEXTS, locale, 'conversation');
}
