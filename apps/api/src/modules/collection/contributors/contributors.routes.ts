import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { createContributorBody } from './contributors.schemas';
import { createContributor, getContributor, listContributors, listMyContributions, removeContributor } from './contributors.service';
import { idParams } from '@app/contracts';
import { okListSchema, okNullSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { contributorQueryDef } from './contributors.query';

const contributorRow = resourceRowSchema(contributorQueryDef);

const tags = ['contributors'];

export async function contributorsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/contributors', { schema: { tags, summary: 'Liste : contributeurs', response: { 200: okListSchema(contributorRow) } } }, async (request) => {
    const { rows, meta } = await listContributors(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get('/contributors/mine', { schema: { tags, summary: 'Mes invitations à contribuer', response: { 200: okListSchema(contributorRow) } } }, async (request) => {
    const { rows, meta } = await listMyContributions(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get('/contributors/:id', { schema: { tags, summary: 'Détail : contributeur', params: idParams, response: { 200: okSchema(contributorRow) } } }, async (request) =>
    ok(await getContributor(contextOf(request), parseId(request.params.id), request.query)),
  );
  app.post('/contributors', { schema: { tags, summary: 'Inviter à contribuer', body: createContributorBody, response: { 201: okSchema(contributorRow) } } }, async (request, reply) =>
    reply.status(201).send(ok(await createContributor(contextOf(request), request.body), 'Invitation à contribuer envoyée.')),
  );
  app.delete('/contributors/:id', { schema: { tags, summary: 'Retirer un contributeur', params: idParams, response: { 200: okNullSchema } } }, async (request) => {
    await removeContributor(contextOf(request), parseId(request.params.id));
    return ok(null);
  });
}
