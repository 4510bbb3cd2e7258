import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { getContributorStart } from './contributor-start.service';
import { saveContributionBody } from './contributions.schemas';
import { getContribution, listContributions, saveContribution } from './contributions.service';
import { idParams } from '@app/contracts';

const tags = ['contributions'];

export async function contributionsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/contributions', { schema: { tags, summary: 'Liste : contributions' } }, async (request) => {
    const { rows, meta } = await listContributions(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get(
    '/contributions/participation/:id',
    { schema: { tags, summary: 'Réponses déjà données, pour le contributeur invité (ses étapes)', params: idParams } },
    async (request) => ok(await getContributorStart(contextOf(request), parseId(request.params.id))),
  );
  app.get('/contributions/:id', { schema: { tags, summary: 'Détail : contribution', params: idParams } }, async (request) =>
    ok(await getContribution(contextOf(request), parseId(request.params.id), request.query)),
  );
  app.post('/contributions', { schema: { tags, summary: 'Enregistrer ma contribution', body: saveContributionBody } }, async (request, reply) => {
    const result = await saveContribution(contextOf(request), request.body);
    return reply.status(result.created ? 201 : 200).send(ok(result, 'Contribution enregistrée.'));
  });
}
