import { chatroomRoom } from '@app/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { agents, chatroomMembers, chatrooms, participations, surveys, users } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { notFound } from '../../../http/errors';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { addAgentMembers } from './chatroom-members';
import { getRoom } from './chatrooms.service';
import { chatroomsText } from './chatrooms.texts';

/**
 * The participation of the active company, who submitted it (the agent, or the signed-in
 * person without an agent) and its conversation if one exists. Another company's
 * participation, or a deleted one, is a 404.
 */
async function participationOf(ctx: RequestContext, companyId: number, id: number) {
  const [row] = await ctx.db.orm
    .select({
      id: participations.id,
      user_id: participations.user_id,
      agent_id: participations.agent_id,
      agent_user_id: agents.user_id,
      survey_title: surveys.title,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(participations)
    .innerJoin(surveys, eq(surveys.id, participations.survey_id))
    .leftJoin(agents, and(eq(agents.id, participations.agent_id), eq(agents.company_id, companyId)))
    .leftJoin(users, eq(users.id, sql`coalesce(${agents.user_id}, ${participations.user_id})`))
    .where(and(eq(participations.id, id), eq(participations.company_id, companyId), isNull(participations.deleted_at)));
  if (!row) throw notFound(chatroomsText(ctx.locale, 'participationNotFound'));
  const [room] = await ctx.db.orm
    .select({ id: chatrooms.id })
    .from(chatrooms)
    .where(and(eq(chatrooms.kind, 'survey'), eq(chatrooms.subject_type, 'participation'), eq(chatrooms.subject_id, id)));
  const respondentUserId = row.agent_user_id ?? row.user_id;
  const respondent = respondentUserId === null ? null : { user_id: respondentUserId, agent_id: row.agent_user_id !== null ? row.agent_id : null, name: [row.first_name, row.last_name].filter(Boolean).join(' ') };
  return { participation: row, respondent, roomId: room?.id ?? null };
}

async function isMember(ctx: RequestContext, roomId: number, userId: number): Promise<boolean> {
  const [member] = await ctx.db.orm
    .select({ user_id: chatroomMembers.user_id })
    .from(chatroomMembers)
    .where(and(eq(chatroomMembers.chatroom_id, roomId), eq(chatroomMembers.user_id, userId)));
  return Boolean(member);
}

/**
 * GET chatrooms/participation/{id}: the conversation about a participation of the active
 * company (`room`, null while nobody opened it) and who submitted it (`respondent`).
 * Reviewers (participations.show) see it; the agent who submitted it too once it exists
 * (they are its member); anyone else gets a 404.
 */
export async function findParticipationRoom(ctx: RequestContext, id: number) {
  requirePermission(ctx, 'chatrooms.show');
  const { actor, companyId } = requireCompany(ctx);
  const { respondent, roomId } = await participationOf(ctx, companyId, id);
  const reviewer = hasPermission(actor, 'participations.show');
  const member = roomId !== null && (await isMember(ctx, roomId, actor.userId));
  if (!reviewer && !member) throw notFound(chatroomsText(ctx.locale, 'participationNotFound'));
  return { room: member ? await getRoom(ctx, roomId) : null, respondent, can_open: reviewer };
}

/**
 * POST chatrooms/participation/{id} (a reviewer: chatrooms.create and participations.show):
 * opens the participation's conversation between the reviewer and whoever submitted it
 * (the agent, or the signed-in respondent as themselves), or joins the existing one: a
 * participation has one conversation (unique index), so two reviewers meet in it.
 */
export async function openParticipationRoom(ctx: RequestContext, id: number): Promise<{ room: Awaited<ReturnType<typeof getRoom>>; created: boolean }> {
  requirePermission(ctx, 'chatrooms.create');
  requirePermission(ctx, 'participations.show');
  const { actor, companyId } = requireCompany(ctx);
  const { participation, respondent, roomId } = await participationOf(ctx, companyId, id);
  let room = roomId;
  let created = false;
  if (room === null) {
    const [inserted] = await ctx.db.orm
      .insert(chatrooms)
      .values({
        company_id: companyId,
        kind: 'survey',
        name: `Participation n°${id} · ${participation.survey_title}`,
        subject_type: 'participation',
        subject_id: id,
        created_by: actor.userId,
      })
      .onConflictDoNothing()
      .returning({ id: chatrooms.id });
    if (inserted) {
      room = inserted.id;
      created = true;
      if (respondent && respondent.user_id !== actor.userId) {
        if (respondent.agent_id !== null) await addAgentMembers(ctx, room, [{ id: respondent.agent_id, user_id: respondent.user_id }]);
        else {
          // Someone outside the company (a customer): in the room as themselves.
          await ctx.db.orm.insert(chatroomMembers).values({ chatroom_id: room, user_id: respondent.user_id, agent_id: null }).onConflictDoNothing();
          ctx.events.moveUsers([respondent.user_id], chatroomRoom(room), true);
        }
      }
    } else {
      // Another reviewer opened it at the same moment: theirs is the one.
      room = (await participationOf(ctx, companyId, id)).roomId!;
    }
  }
  await addAgentMembers(ctx, room, [{ id: actor.agentId!, user_id: actor.userId }]);
  return { room: await getRoom(ctx, room), created };
}
