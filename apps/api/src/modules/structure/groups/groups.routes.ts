import { createGroupSchema, groupMembersBody, updateGroupSchema } from '@app/contracts/structure';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId, registerResourceRoutes } from '../../../http/resource-routes';
import { addGroupMembers, groupsService, listGroupMembers, removeGroupMember } from './groups.service';
import { idParams, pathId } from '@app/contracts';
import { okListSchema, okNullSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { agentQueryDef } from '../../tenancy/agents/agents.query';

const tags = ['groups'];
const params = idParams;
const memberParams = z.object({ id: pathId, agent: pathId });

export async function groupsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(app, { service: groupsService, createBody: createGroupSchema, updateBody: updateGroupSchema, label: 'groupes' });
  app.get('/groups/:id/agents', { schema: { tags, summary: "Membres d'un groupe", params, response: { 200: okListSchema(resourceRowSchema(agentQueryDef)) } } }, async (request) => {
    const { rows, meta } = await listGroupMembers(contextOf(request), parseId(request.params.id), request.query);
    return okList(rows, meta);
  });
  app.post('/groups/:id/agents', { schema: { tags, summary: 'Ajouter des membres', params, body: groupMembersBody, response: { 200: okSchema(z.object({ group_id: z.number().int(), agent_ids: z.array(z.number().int()) })) } } }, async (request) =>
    ok(await addGroupMembers(contextOf(request), parseId(request.params.id), request.body.agent_ids)),
  );
  app.delete('/groups/:id/agents/:agent', { schema: { tags, summary: "Retirer un membre d'un groupe", params: memberParams, response: { 200: okNullSchema } } }, async (request) => {
    await removeGroupMember(contextOf(request), parseId(request.params.id), parseId(request.params.agent));
    return ok(null);
  });
}
