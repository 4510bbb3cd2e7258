import { idParams } from '@app/contracts';
import {
  addMembersBody,
  CHATROOM_KINDS,
  CHATROOM_MANAGE_ACTIONS,
  createChatroomBody,
  manageChatroomBody,
  messagesQuery,
  pageQuery,
  pendingChatroomBody,
  readMessagesBody,
  sendMessageBody,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { okListSchema, okNullSchema, okSchema } from '../../../http/response-schemas';
import { listedRoomSchema, messageReadSchema, messageSchema, participationRoomSchema, pendingRoomSchema, roomDetailSchema, roomSchema, unreadCountSchema } from '../messaging.responses';
import { validationFailed } from '../../../http/errors';
import { issueDetails } from '../../../http/validation-messages';
import { parseId } from '../../../http/resource-routes';
import { addMembers, countUnread, createRoom, getRoom, listRooms, removeMember } from './chatrooms.service';
import { listMessages, markRead, sendMessage } from './messages.service';
import { findParticipationRoom, openParticipationRoom } from './participation-room.service';
import { listPending, manageRoom, requestConversation } from './pending.service';

const tags = ['chatrooms'];
const listQuery = pageQuery.extend({
  kind: z.enum(CHATROOM_KINDS, { error: 'Le type de salon doit être direct, group, support, activity ou survey.' }).optional(),
});
const manageParams = z.object({
  id: z.string(),
  action: z.enum(CHATROOM_MANAGE_ACTIONS, { error: 'L’action doit être accept, close ou reassign.' }),
});

/** Conversations: rooms, members, messages, read receipts, pending requests (API.md "Conversations"). */
export async function chatroomsRoutes(parent: FastifyInstance, options: { requestRateLimitMax: number }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/chatrooms', { schema: { tags, summary: 'Mes conversations', querystring: listQuery, response: { 200: okListSchema(listedRoomSchema) } } }, async (request) => {
    const { rows, meta } = await listRooms(contextOf(request), request.query);
    return okList(rows as z.output<typeof listedRoomSchema>[], meta);
  });
  app.get('/chatrooms/overview/count', { schema: { tags, summary: 'Messages non lus', response: { 200: okSchema(unreadCountSchema) } } }, async (request) => ok(await countUnread(contextOf(request))));
  app.get('/chatrooms/status/pending', { schema: { tags, summary: 'Demandes de conversation en attente', response: { 200: okSchema(z.array(pendingRoomSchema)) } } }, async (request) =>
    ok((await listPending(contextOf(request))) as z.output<typeof pendingRoomSchema>[]),
  );
  app.post(
    '/chatrooms/pending',
    {
      schema: { tags, summary: 'Demander à parler à une entreprise', body: pendingChatroomBody, response: { 201: okSchema(roomDetailSchema) } },
      config: { rateLimit: { max: options.requestRateLimitMax, timeWindow: 60_000 } },
    },
    async (request, reply) => reply.status(201).send(ok(await requestConversation(contextOf(request), request.body))),
  );
  app.get(
    '/chatrooms/participation/:id',
    { schema: { tags, summary: 'La conversation d’une participation (ou null)', params: idParams, response: { 200: okSchema(participationRoomSchema) } } },
    async (request) => ok(await findParticipationRoom(contextOf(request), parseId(request.params.id))),
  );
  app.post(
    '/chatrooms/participation/:id',
    { schema: { tags, summary: 'Ouvrir (ou rejoindre) la conversation d’une participation', params: idParams, response: { 200: okSchema(roomDetailSchema), 201: okSchema(roomDetailSchema) } } },
    async (request, reply) => {
      const { room, created } = await openParticipationRoom(contextOf(request), parseId(request.params.id));
      return reply.status(created ? 201 : 200).send(ok(room));
    },
  );
  app.post('/chatrooms', { schema: { tags, summary: 'Nouvelle conversation', body: createChatroomBody, response: { 201: okSchema(roomDetailSchema) } } }, async (request, reply) =>
    reply.status(201).send(ok(await createRoom(contextOf(request), request.body))),
  );
  app.get('/chatrooms/:id', { schema: { tags, summary: 'Détail : conversation et membres', params: idParams, response: { 200: okSchema(roomDetailSchema) } } }, async (request) =>
    ok(await getRoom(contextOf(request), parseId(request.params.id))),
  );
  app.post('/chatrooms/:id/members', { schema: { tags, summary: 'Ajouter des membres', params: idParams, body: addMembersBody, response: { 200: okSchema(roomDetailSchema) } } }, async (request) =>
    ok(await addMembers(contextOf(request), parseId(request.params.id), request.body.agent_ids)),
  );
  app.delete(
    '/chatrooms/:id/members/:user',
    { schema: { tags, summary: 'Retirer un membre (ou quitter)', params: z.object({ id: z.string(), user: z.string() }), response: { 200: okNullSchema } } },
    async (request) => {
      await removeMember(contextOf(request), parseId(request.params.id), parseId(request.params.user));
      return ok(null);
    },
  );
  app.get('/chatrooms/:id/messages', { schema: { tags, summary: 'Historique (curseur before)', params: idParams, querystring: messagesQuery, response: { 200: okListSchema(messageSchema) } } }, async (request) => {
    const { rows, meta } = await listMessages(contextOf(request), parseId(request.params.id), request.query);
    return okList(rows, meta);
  });
  app.post('/chatrooms/:id/messages', { schema: { tags, summary: 'Envoyer un message', params: idParams, body: sendMessageBody, response: { 200: okSchema(messageSchema), 201: okSchema(messageSchema) } } }, async (request, reply) => {
    const { message, created } = await sendMessage(contextOf(request), parseId(request.params.id), request.body);
    return reply.status(created ? 201 : 200).send(ok(message));
  });
  app.post('/chatrooms/:id/read', { schema: { tags, summary: 'Accusé de lecture', params: idParams, body: readMessagesBody, response: { 200: okSchema(messageReadSchema) } } }, async (request) =>
    ok(await markRead(contextOf(request), parseId(request.params.id), request.body.message_id)),
  );
  app.post(
    '/chatrooms/:id/manage/:action',
    { schema: { tags, summary: 'Accepter, clore ou réattribuer une conversation', params: manageParams, response: { 200: okSchema(roomSchema) } } },
    // The body is optional (accept and close send none), so it is read here rather than by the schema.
    async (request) => {
      const ctx = contextOf(request);
      const body = manageChatroomBody.safeParse(request.body ?? {});
      if (!body.success) throw validationFailed(issueDetails(body.error.issues, ctx.locale, () => 'agent_id'));
      return ok(await manageRoom(ctx, parseId(request.params.id), request.params.action, body.data));
    },
  );
}
