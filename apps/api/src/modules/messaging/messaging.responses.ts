import { z } from 'zod';

/**
 * What the messaging routes answer (API.md "Declaring a response"): each schema names every
 * key its service's view gives, since Fastify serialises through it and drops the others.
 */

const id = z.number().int();
const instant = z.string().describe('Instant ISO 8601 en UTC');

/** notifications.service `notificationView`. */
export const notificationSchema = z.object({
  id,
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  agent_id: id.nullable(),
  company_id: id.nullable(),
  read_at: instant.nullable(),
  created_at: instant,
});

/** broadcasts.service `broadcastView`: a recipient who is not of its company sees neither count nor target id. */
export const broadcastSchema = z.object({
  id,
  company_id: id.nullable(),
  title: z.string(),
  content: z.string(),
  body: z.string(),
  media_id: id.nullable(),
  target: z.string(),
  target_id: id.nullable().optional(),
  recipient_count: z.number().int().optional(),
  status: z.string(),
  sent_at: instant.nullable(),
  published_at: instant,
  created_at: instant,
});

/** A broadcast the caller received (broadcasts/received). */
export const receivedBroadcastSchema = z.object({
  id,
  company_id: id.nullable(),
  company_name: z.string().nullable(),
  from_platform: z.boolean(),
  title: z.string(),
  body: z.string(),
  content: z.string(),
  media_id: id.nullable(),
  media_mime: z.string().nullable(),
  media_name: z.string().nullable(),
  published_at: instant,
  read_at: instant.nullable(),
});

/** webhooks.service `endpointView`: the secret only in the answer of its creation. */
export const webhookEndpointSchema = z.object({
  id,
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  description: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
  secret: z.string().optional().describe('Montré une seule fois, à la création'),
});

/** webhooks.service `deliveryView`. */
export const webhookDeliverySchema = z.object({
  id,
  endpoint_id: id,
  event: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  next_attempt_at: instant.nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_duration_ms: z.number().nullable(),
  delivered_at: instant.nullable(),
  created_at: instant,
  payload: z.record(z.string(), z.unknown()),
});

/** chatrooms.service `roomView`. */
const roomFields = {
  id,
  company_id: id.nullable(),
  kind: z.string(),
  name: z.string().nullable(),
  subject_type: z.string().nullable(),
  subject_id: id.nullable(),
  status: z.string(),
  assigned_agent_id: id.nullable(),
  created_by: id.nullable(),
  last_message_at: instant.nullable(),
  created_at: instant,
};
export const roomSchema = z.object(roomFields);

/** chatrooms.service `getRoom`: the room, its company's name and its members. */
export const roomDetailSchema = z.object({
  ...roomFields,
  company_name: z.string().nullable(),
  members: z.array(
    z.object({
      user_id: id,
      agent_id: id.nullable(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      photo: z.string().nullable(),
      last_read_message_id: id.nullable(),
      last_read_at: instant.nullable(),
      joined_at: instant,
      name: z.string(),
    }),
  ),
});

/** A room of the caller's list (chatrooms.service `listRooms`). */
export const listedRoomSchema = z.object({
  ...roomFields,
  last_read_message_id: id.nullable(),
  company_name: z.string().nullable(),
  unread: z.number().int(),
  last_message: z
    .object({ id, body: z.string(), user_id: id.nullable(), created_at: z.string() })
    .nullable()
    .describe('Le dernier message (null sans message)'),
  others: z.string().nullable().describe('Les noms des autres membres'),
  title: z.string(),
});

export const unreadCountSchema = z.object({
  total: z.number().int(),
  by_kind: z.record(z.string(), z.number().int()),
  rooms: z.array(z.object({ id, unread: z.number().int() })),
  pending: z.number().int(),
});

/** pending.service `listPending`. */
export const pendingRoomSchema = z.object({
  id,
  company_id: id,
  company_name: z.string(),
  created_by: id.nullable(),
  created_at: instant,
  last_message_at: instant.nullable(),
  requester_name: z.string().nullable(),
  first_message: z.string().nullable(),
  messages: z.number().int(),
  status: z.literal('pending'),
});

/** participation-room.service `findParticipationRoom`. */
export const participationRoomSchema = z.object({
  room: roomDetailSchema.nullable(),
  respondent: z.object({ user_id: id, agent_id: id.nullable(), name: z.string() }).nullable(),
  can_open: z.boolean(),
});

/** messages.service `messageViews` (MessageView of the contracts). */
export const messageSchema = z.object({
  id,
  chatroom_id: id,
  user_id: id.nullable(),
  sender_name: z.string(),
  body: z.string(),
  attachments: z.array(z.object({ id, mime: z.string(), name: z.string().nullable(), size: z.number(), kind: z.string() })),
  client_key: z.string().nullable(),
  created_at: instant,
});

export const messageReadSchema = z.object({ chatroom_id: id, user_id: id, message_id: id, read_at: instant });
