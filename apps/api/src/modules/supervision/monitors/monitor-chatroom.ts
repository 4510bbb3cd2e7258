import { and, eq, sql } from 'drizzle-orm';
import { agents, chatrooms } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { addAgentMembers } from '../../messaging/chatrooms/chatroom-members';
import { getRoom } from '../../messaging/chatrooms/chatrooms.service';
import { monitorRoomSubject } from '../../messaging/chatrooms/room-names';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { monitorsService } from './monitors.service';

/**
 * POST monitors/{id}/chatroom: the conversation of a monitor (chatroom of type
 * `activity`, subject the monitor), opened on first use with its supervisor and the
 * caller; a caller who may see the monitor joins it when not yet a member. Several
 * callers at once find one room (advisory lock on the monitor).
 */
export async function openMonitorChatroom(ctx: RequestContext, monitorId: number) {
  const monitor = await monitorsService.get(ctx, monitorId);
  requirePermission(ctx, 'chatrooms.show');
  const { actor, companyId } = requireCompany(ctx);
  const roomId = await ctx.db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext(${`monitor-chatroom:${monitorId}`}))`);
    const [existing] = await tx.orm
      .select({ id: chatrooms.id })
      .from(chatrooms)
      .where(and(eq(chatrooms.company_id, companyId), eq(chatrooms.kind, 'activity'), eq(chatrooms.subject_type, 'monitor'), eq(chatrooms.subject_id, monitorId)))
      .limit(1);
    if (existing) return existing.id;
    const [room] = await tx.orm
      .insert(chatrooms)
      .values({ company_id: companyId, kind: 'activity', name: monitorRoomSubject((monitor.target_name as string | null) ?? null, monitorId), subject_type: 'monitor', subject_id: monitorId, created_by: actor.userId })
      .returning({ id: chatrooms.id });
    return room.id;
  });
  const people = await ctx.db.orm
    .select({ id: agents.id, user_id: agents.user_id })
    .from(agents)
    .where(and(eq(agents.company_id, companyId), sql`${agents.id} IN (${monitor.agent_id as number}, ${actor.agentId ?? -1})`, eq(agents.status, 'active')));
  await addAgentMembers(ctx, roomId, people);
  return getRoom(ctx, roomId);
}
