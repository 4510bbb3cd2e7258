import { and, eq } from 'drizzle-orm';
import { chatroomMembers, chatrooms } from '../../../db/schema';
import type { Actor, RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { chatroomsText } from './chatrooms.texts';

export type ChatroomRow = typeof chatrooms.$inferSelect;
export type MemberRow = typeof chatroomMembers.$inferSelect;

/**
 * The room and the caller's membership, or 404: nobody reads or writes outside their
 * rooms. A member who is in the room as an agent of its company reaches it only while
 * that company is the active one (Agent-id), like every other company record; the person
 * outside the company (a customer who asked to talk) reaches it whatever is active.
 */
export async function accessRoom(ctx: RequestContext, actor: Actor, id: number): Promise<{ room: ChatroomRow; member: MemberRow }> {
  const [found] = await ctx.db.orm
    .select({ room: chatrooms, member: chatroomMembers })
    .from(chatrooms)
    .innerJoin(chatroomMembers, and(eq(chatroomMembers.chatroom_id, chatrooms.id), eq(chatroomMembers.user_id, actor.userId)))
    .where(eq(chatrooms.id, id));
  if (!found) throw notFound(chatroomsText(ctx.locale, 'roomNotFound'));
  if (found.member.agent_id !== null && found.room.company_id !== actor.companyId) throw notFound(chatroomsText(ctx.locale, 'roomNotFound'));
  return found;
}

/** A room of the caller's active company, member or not (the company managing its conversations). */
export async function companyRoom(ctx: RequestContext, companyId: number, id: number): Promise<ChatroomRow> {
  const [room] = await ctx.db.orm.select().from(chatrooms).where(and(eq(chatrooms.id, id), eq(chatrooms.company_id, companyId)));
  if (!room) throw notFound(chatroomsText(ctx.locale, 'roomNotFound'));
  return room;
}
