import { chatroomRoom, type MessageReadData, type MessageView, type SendMessageBody } from '@app/contracts';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { chatroomMembers, chatrooms, medias, messages, users } from '../../../db/schema';
import type { Actor, RequestContext } from '../../../http/actor';
import { conflict, notFound, validationFailed } from '../../../http/errors';
import { requirePermission } from '../../tenancy/companies/tenancy';
import { emitWebhookEvent } from '../webhooks/webhook-events';
import { accessRoom, type ChatroomRow } from './chatroom-access';
import { chatroomsText } from './chatrooms.texts';

type MessageRow = typeof messages.$inferSelect;

/** Messages as listed and pushed: sender's name and the attached files' descriptions. */
export async function messageViews(ctx: RequestContext, rows: MessageRow[]): Promise<MessageView[]> {
  if (rows.length === 0) return [];
  const senderIds = [...new Set(rows.map((r) => r.user_id).filter((id): id is number => id !== null))];
  const mediaIds = [...new Set(rows.flatMap((r) => r.attachments))];
  const [senders, files] = await Promise.all([
    senderIds.length
      ? ctx.db.orm.select({ id: users.id, first_name: users.first_name, last_name: users.last_name }).from(users).where(inArray(users.id, senderIds))
      : [],
    mediaIds.length
      ? ctx.db.orm
          .select({ id: medias.id, mime: medias.mime, name: medias.original_name, size: medias.size, kind: medias.kind })
          .from(medias)
          .where(inArray(medias.id, mediaIds))
      : [],
  ]);
  const nameOf = new Map(senders.map((s) => [s.id, [s.first_name, s.last_name].filter(Boolean).join(' ')]));
  const fileOf = new Map(files.map((f) => [f.id, f]));
  return rows.map((r) => ({
    id: r.id,
    chatroom_id: r.chatroom_id,
    user_id: r.user_id,
    sender_name: (r.user_id !== null && nameOf.get(r.user_id)) || 'Compte supprimé',
    body: r.body,
    attachments: r.attachments.map((id) => fileOf.get(id)).filter((f): f is NonNullable<typeof f> => Boolean(f)),
    client_key: r.client_key,
    created_at: r.created_at.toISOString(),
  }));
}

/** GET chatrooms/{id}/messages?before=: a page of history, oldest first, older pages by the `before` cursor. */
export async function listMessages(ctx: RequestContext, id: number, query: { before?: number; limit: number }) {
  const actor = requirePermission(ctx, 'messages.list');
  await accessRoom(ctx, actor, id);
  const rows = await ctx.db.orm
    .select()
    .from(messages)
    .where(and(eq(messages.chatroom_id, id), query.before ? lt(messages.id, query.before) : undefined))
    .orderBy(desc(messages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).reverse();
  return { rows: await messageViews(ctx, page), meta: { limit: query.limit, page: null, start: 0, has_more: rows.length > query.limit } };
}

/** The attachments must be files the sender uploaded (for this room or their company). */
async function checkAttachments(ctx: RequestContext, actor: Actor, ids: number[]) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const owned = await ctx.db.orm
    .select({ id: medias.id })
    .from(medias)
    .where(and(inArray(medias.id, unique), eq(medias.owner_user_id, actor.userId)));
  if (owned.length !== unique.length) throw validationFailed({ attachments: [chatroomsText(ctx.locale, 'attachmentNotFound')] });
}

/**
 * Stores a message in a room the caller is a member of and pushes it to `chatroom.{id}`
 * (every API process). Sent again with the same `client_key` (a retry after a lost
 * answer, a queue replayed after a reconnect), it is the stored one: not stored twice,
 * not pushed twice. A closed room takes no more messages.
 */
export async function sendMessage(ctx: RequestContext, id: number, input: SendMessageBody): Promise<{ message: MessageView; created: boolean }> {
  const actor = requirePermission(ctx, 'messages.create');
  const { room } = await accessRoom(ctx, actor, id);
  return postMessage(ctx, actor, room, input);
}

/** The write of a message once access is settled (also the first message of a pending request). */
export async function postMessage(ctx: RequestContext, actor: Actor, room: ChatroomRow, input: SendMessageBody): Promise<{ message: MessageView; created: boolean }> {
  if (room.status === 'closed') throw conflict(chatroomsText(ctx.locale, 'roomClosed'), 'chatroom_closed');
  await checkAttachments(ctx, actor, input.attachments);
  const [inserted] = await ctx.db.orm
    .insert(messages)
    .values({ chatroom_id: room.id, user_id: actor.userId, body: input.body.trim(), attachments: input.attachments, client_key: input.client_key ?? null })
    .onConflictDoNothing({ target: [messages.chatroom_id, messages.user_id, messages.client_key] })
    .returning();
  if (!inserted) {
    const [existing] = await ctx.db.orm
      .select()
      .from(messages)
      .where(and(eq(messages.chatroom_id, room.id), eq(messages.user_id, actor.userId), eq(messages.client_key, input.client_key!)));
    return { message: (await messageViews(ctx, [existing]))[0], created: false };
  }
  await ctx.db.orm.update(chatrooms).set({ last_message_at: inserted.created_at }).where(eq(chatrooms.id, room.id));
  // One's own message is read.
  await ctx.db.orm
    .update(chatroomMembers)
    .set({ last_read_message_id: inserted.id, last_read_at: new Date() })
    .where(and(eq(chatroomMembers.chatroom_id, room.id), eq(chatroomMembers.user_id, actor.userId)));
  const [view] = await messageViews(ctx, [inserted]);
  ctx.events.publish('message.created', chatroomRoom(room.id), view);
  if (room.company_id !== null) {
    await emitWebhookEvent(ctx, room.company_id, 'message.created', {
      message_id: view.id,
      chatroom_id: room.id,
      chatroom_kind: room.kind,
      user_id: view.user_id,
      body: view.body,
      attachments: view.attachments.map((a) => a.id),
    });
  }
  return { message: view, created: true };
}

/** POST chatrooms/{id}/read: the caller has read up to this message; the room sees the receipt live. */
export async function markRead(ctx: RequestContext, id: number, messageId: number): Promise<MessageReadData> {
  const actor = requirePermission(ctx, 'messages.list');
  const { member } = await accessRoom(ctx, actor, id);
  const [message] = await ctx.db.orm.select({ id: messages.id }).from(messages).where(and(eq(messages.id, messageId), eq(messages.chatroom_id, id)));
  if (!message) throw notFound(chatroomsText(ctx.locale, 'messageNotFound'));
  const readAt = new Date();
  const upTo = Math.max(member.last_read_message_id ?? 0, messageId);
  await ctx.db.orm
    .update(chatroomMembers)
    .set({ last_read_message_id: sql`greatest(coalesce(${chatroomMembers.last_read_message_id}, 0), ${messageId})`, last_read_at: readAt })
    .where(and(eq(chatroomMembers.chatroom_id, id), eq(chatroomMembers.user_id, actor.userId)));
  const receipt: MessageReadData = { chatroom_id: id, user_id: actor.userId, message_id: upTo, read_at: readAt.toISOString() };
  if (upTo !== member.last_read_message_id) ctx.events.publish('message.read', chatroomRoom(id), receipt);
  return receipt;
}
