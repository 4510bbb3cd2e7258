import { createSiteSchema, SITE_MEMBER_TYPES, siteMemberBody, siteSurveyBody, updateSiteSchema } from '@app/contracts/structure';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { parseId, registerResourceRoutes } from '../../../http/resource-routes';
import {
  addSiteAgent,
  addSiteSurvey,
  listSiteAgents,
  listSiteGroups,
  listSiteSurveys,
  listSiteWorkspaces,
  removeSiteAgent,
  removeSiteSurvey,
} from './site-links.service';
import { sitesService } from './sites.service';
import { idParams, pathId } from '@app/contracts';
import { okListSchema, okNullSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { surveyQueryDef } from '../../surveys/surveys/surveys.query';
import { agentQueryDef } from '../../tenancy/agents/agents.query';
import { groupQueryDef, workspaceQueryDef } from '../structure.queries';

const tags = ['sites'];
const site = idParams;
const typed = z.object({ id: pathId, type: z.string() });
const typedMember = z.object({ id: pathId, type: z.string(), member: pathId });
const siteSurvey = z.object({ id: pathId, survey: pathId });

/** `{type}` of `sites/{site}/{type}`: only the listed kinds of people exist. */
function memberType(type: string) {
  if (!(SITE_MEMBER_TYPES as readonly string[]).includes(type)) throw notFound();
  return type;
}

export async function sitesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(app, { service: sitesService, createBody: createSiteSchema, updateBody: updateSiteSchema, label: 'sites' });

  app.get('/sites/:id/groups', { schema: { tags, summary: "Groupes d'un site", params: site, response: { 200: okListSchema(resourceRowSchema(groupQueryDef)) } } }, async (request) => {
    const { rows, meta } = await listSiteGroups(contextOf(request), parseId(request.params.id), request.query);
    return okList(rows, meta);
  });
  app.get('/sites/:id/workspaces', { schema: { tags, summary: "Espaces de travail d'un site", params: site, response: { 200: okListSchema(resourceRowSchema(workspaceQueryDef)) } } }, async (request) => {
    const { rows, meta } = await listSiteWorkspaces(contextOf(request), parseId(request.params.id), request.query);
    return okList(rows, meta);
  });
  app.get('/sites/:id/surveys', { schema: { tags, summary: "Enquêtes d'un site", params: site, response: { 200: okListSchema(resourceRowSchema(surveyQueryDef)) } } }, async (request) => {
    const { rows, meta } = await listSiteSurveys(contextOf(request), parseId(request.params.id), request.query);
    return okList(rows, meta);
  });
  app.post(
    '/sites/:id/surveys',
    { schema: { tags, summary: 'Affecter une enquête à un site', params: site, body: siteSurveyBody, response: { 201: okSchema(z.object({ site_id: z.number().int(), survey_id: z.number().int() })) } } },
    async (request, reply) =>
      reply.status(201).send(ok(await addSiteSurvey(contextOf(request), parseId(request.params.id), request.body.survey_id))),
  );
  app.delete('/sites/:id/surveys/:survey', { schema: { tags, summary: "Retirer une enquête d'un site", params: siteSurvey, response: { 200: okNullSchema } } }, async (request) => {
    await removeSiteSurvey(contextOf(request), parseId(request.params.id), parseId(request.params.survey));
    return ok(null);
  });
  app.get('/sites/:id/:type', { schema: { tags, summary: "Personnes d'un site", params: typed, response: { 200: okListSchema(resourceRowSchema(agentQueryDef)) } } }, async (request) => {
    memberType(request.params.type);
    const { rows, meta } = await listSiteAgents(contextOf(request), parseId(request.params.id), request.query);
    return okList(rows, meta);
  });
  app.post(
    '/sites/:id/:type',
    { schema: { tags, summary: 'Rattacher une personne à un site', params: typed, body: siteMemberBody, response: { 201: okSchema(z.object({ site_id: z.number().int(), agent_id: z.number().int() })) } } },
    async (request, reply) => {
      memberType(request.params.type);
      return reply.status(201).send(ok(await addSiteAgent(contextOf(request), parseId(request.params.id), request.body.agent_id)));
    },
  );
  app.delete('/sites/:id/:type/:member', { schema: { tags, summary: "Détacher une personne d'un site", params: typedMember, response: { 200: okNullSchema } } }, async (request) => {
    memberType(request.params.type);
    await removeSiteAgent(contextOf(request), parseId(request.params.id), parseId(request.params.member));
    return ok(null);
  });
}
