import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { RequestContext } from '../../../http/actor';
import { validationFailed } from '../../../http/errors';
import { requireActor, requirePermission } from '../../tenancy/companies/tenancy';
import { accessRoom } from './chatroom-access';
import { chatroomsText } from './chatrooms.texts';

/**
 * POST medias with a `chatroom_id` field: a file for a message of that room, by one of
 * its members (customers included). Answers the uploader.
 */
export async function chatroomUploadCompany(ctx: RequestContext, rawId: string): Promise<{ userId: number }> {
  requirePermission(ctx, 'messages.create');
  const actor = requireActor(ctx);
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id <= 0) throw validationFailed({ chatroom_id: [chatroomsText(ctx.locale, 'roomNotFound')] });
  await accessRoom(ctx, actor, id);
  return { userId: actor.userId };
}

/**
 * Whether a file reached this user through messaging: attached to a message of one of
 * their rooms, or the picture of a broadcast they received.
 */
export async function mediaSharedWith(db: Database, mediaId: number, userId: number): Promise<boolean> {
  const rows = await db.rows(sql`
    SELECT 1 WHERE EXISTS (
      SELECT 1 FROM messages m JOIN chatroom_members cm ON cm.chatroom_id = m.chatroom_id AND cm.user_id = ${userId}
       WHERE m.attachments @> ${JSON.stringify([mediaId])}::jsonb)
    OR EXISTS (
      SELECT 1 FROM broadcasts b JOIN broadcast_recipients r ON r.broadcast_id = b.id AND r.user_id = ${userId}
       WHERE b.media_id = ${mediaId})`);
  return rows.length > 0;
}
