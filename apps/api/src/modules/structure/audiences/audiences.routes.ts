import {
  audienceMembersBody,
  createAudienceSchema,
  createSubAudienceSchema,
  SUB_AUDIENCE_MODES,
  type SubAudienceMode,
  updateAudienceSchema,
} from '@app/contracts/structure';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { parseId, registerResourceRoutes } from '../../../http/resource-routes';
import { listAudienceMembers } from './audience-members.service';
import { addAudienceMembers, audiencesService, createSubAudience, listSubAudiences, removeAudienceMember } from './audiences.service';
import { idParams, pathId } from '@app/contracts';
import { okListSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { agentQueryDef } from '../../tenancy/agents/agents.query';
import { contactQueryDef } from '../structure.queries';

const tags = ['audiences'];
const params = idParams;
const modeParams = z.object({ id: pathId, mode: z.string() });
const memberParams = z.object({ id: pathId, member: pathId });

/** The audience itself as its regular routes give it (with its member count). */
const audienceRow = resourceRowSchema(audiencesService.def, audiencesService.extraFields);
/**
 * A person of an audience: an agent or a contact, by the audience's population. One object
 * naming both definitions' keys (they agree on the keys they share), since a union would
 * keep the first that fits and drop the other's keys.
 */
const audienceMemberRow = (resourceRowSchema(agentQueryDef) as z.ZodObject).extend((resourceRowSchema(contactQueryDef) as z.ZodObject).shape);

function parseMode(raw: string): SubAudienceMode {
  if (!(SUB_AUDIENCE_MODES as readonly string[]).includes(raw)) throw notFound();
  return raw as SubAudienceMode;
}

export async function audiencesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(app, { service: audiencesService, createBody: createAudienceSchema, updateBody: updateAudienceSchema, label: 'audiences' });

  app.get('/audiences/:id/members', { schema: { tags, summary: "Personnes d'une audience", params, response: { 200: okListSchema(audienceMemberRow) } } }, async (request) => {
    const { rows, meta } = await listAudienceMembers(contextOf(request), parseId(request.params.id), request.query);
    return okList(rows, meta);
  });
  app.post('/audiences/:id/members', { schema: { tags, summary: 'Ajouter des personnes à une liste fixe', params, body: audienceMembersBody, response: { 200: okSchema(audienceRow) } } }, async (request) =>
    ok(await addAudienceMembers(contextOf(request), parseId(request.params.id), request.body.member_ids)),
  );
  app.delete('/audiences/:id/members/:member', { schema: { tags, summary: "Retirer une personne d'une liste fixe", params: memberParams, response: { 200: okSchema(audienceRow) } } }, async (request) =>
    ok(await removeAudienceMember(contextOf(request), parseId(request.params.id), parseId(request.params.member))),
  );
  app.get('/audiences/:id/sub', { schema: { tags, summary: "Sous-audiences d'une audience", params, response: { 200: okListSchema(audienceRow) } } }, async (request) => {
    const { rows, meta } = await listSubAudiences(contextOf(request), parseId(request.params.id), null, request.query);
    return okList(rows, meta);
  });
  app.get('/audiences/:id/sub/:mode', { schema: { tags, summary: "Sous-audiences d'un mode", params: modeParams, response: { 200: okListSchema(audienceRow) } } }, async (request) => {
    const mode = parseMode(request.params.mode);
    const { rows, meta } = await listSubAudiences(contextOf(request), parseId(request.params.id), mode, request.query);
    return okList(rows, meta);
  });
  app.post(
    '/audiences/:id/sub/:mode',
    { schema: { tags, summary: 'Créer une sous-audience', params: modeParams, body: createSubAudienceSchema, response: { 201: okSchema(audienceRow) } } },
    async (request, reply) => {
      const mode = parseMode(request.params.mode);
      return reply.status(201).send(ok(await createSubAudience(contextOf(request), parseId(request.params.id), mode, request.body)));
    },
  );
}
