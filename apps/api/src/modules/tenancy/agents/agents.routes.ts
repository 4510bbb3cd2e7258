import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { changeAgentStateBody, roleRefBody, updateAgentBody } from './agents.schemas';
import {
  assignAgentRole,
  changeAgentState,
  deleteAgent,
  getAgent,
  getAgentPermissions,
  listAgents,
  removeAgentRole,
  updateAgentProfile,
} from './agents.service';
import { idParams } from '@app/contracts';
import { okListSchema, okNullSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { agentPermissionsSchema } from '../roles/roles.responses';
import { agentQueryDef } from './agents.query';

const agentRow = resourceRowSchema(agentQueryDef);

const searchBody = z.looseObject({ input: z.string().max(200).optional() });
const tags = ['agents'];

export async function agentsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/agents', { schema: { tags, summary: "Agents de l'entreprise active", response: { 200: okListSchema(agentRow) } } }, async (request) => {
    const { rows, meta } = await listAgents(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.post('/agents/search', { schema: { tags, summary: 'Recherche : agents', body: searchBody, response: { 200: okListSchema(agentRow) } } }, async (request) => {
    const { rows, meta } = await listAgents(contextOf(request), request.body);
    return okList(rows, meta);
  });
  app.get('/agents/:id', { schema: { tags, summary: 'Détail : agent', params: idParams, response: { 200: okSchema(agentRow) } } }, async (request) =>
    ok(await getAgent(contextOf(request), parseId(request.params.id), request.query)),
  );
  app.post('/agents/:id', { schema: { tags, summary: 'Mise à jour : agent', params: idParams, body: updateAgentBody, response: { 200: okSchema(agentRow) } } }, async (request) =>
    ok(await updateAgentProfile(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.delete('/agents/:id', { schema: { tags, summary: 'Retirer un agent', params: idParams, response: { 200: okNullSchema } } }, async (request) => {
    await deleteAgent(contextOf(request), parseId(request.params.id));
    return ok(null);
  });
  app.post(
    '/agents/:id/changestate',
    { schema: { tags, summary: "Changer l'état d'un agent", params: idParams, body: changeAgentStateBody, response: { 200: okSchema(agentRow) } } },
    async (request) => ok(await changeAgentState(contextOf(request), parseId(request.params.id), request.body.status)),
  );
  app.post('/agents/:id/suspend', { schema: { tags, summary: 'Suspendre un agent', params: idParams, response: { 200: okSchema(agentRow) } } }, async (request) =>
    ok(await changeAgentState(contextOf(request), parseId(request.params.id), 'suspended')),
  );
  app.post('/agents/:id/activate', { schema: { tags, summary: 'Réactiver un agent', params: idParams, response: { 200: okSchema(agentRow) } } }, async (request) =>
    ok(await changeAgentState(contextOf(request), parseId(request.params.id), 'active')),
  );
  app.get('/agents/:id/getpermissions', { schema: { tags, summary: "Rôles et permissions d'un agent", params: idParams, response: { 200: okSchema(agentPermissionsSchema) } } }, async (request) =>
    ok(await getAgentPermissions(contextOf(request), parseId(request.params.id))),
  );
  app.post(
    '/agents/:id/assignrole',
    { schema: { tags, summary: 'Attribuer un rôle à un agent', params: idParams, body: roleRefBody, response: { 200: okSchema(agentPermissionsSchema) } } },
    async (request) => ok(await assignAgentRole(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.post(
    '/agents/:id/removerole',
    { schema: { tags, summary: "Retirer un rôle d'un agent", params: idParams, body: roleRefBody, response: { 200: okSchema(agentPermissionsSchema) } } },
    async (request) => ok(await removeAgentRole(contextOf(request), parseId(request.params.id), request.body)),
  );
}
