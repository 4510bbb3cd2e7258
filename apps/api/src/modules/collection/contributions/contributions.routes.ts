import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { getContributorStart } from './contributor-start.service';
import { saveContributionBody } from './contributions.schemas';
import { getContribution, listContributions, saveContribution } from './contributions.service';
import { idParams } from '@app/contracts';
import { z } from 'zod';
import { okListSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { contributionQueryDef } from './contributions.query';

/** A contribution as the list engine gives it; its contributor gets `client_uuid` (hidden from others) back. */
const contributionRow = resourceRowSchema(contributionQueryDef, { client_uuid: z.string().nullable().describe('La clé du contributeur : seulement sur ses propres lignes') });
/** contribution-start.service (ContributorStartView of the contracts). */
const contributorStart = z.object({
  participation_id: z.number().int(),
  step_ids: z.array(z.number().int()),
  answers: z.array(z.object({ question_id: z.number().int(), value: z.unknown(), media: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable() })),
});
/** contributions.service `saveContribution`: the contribution, its answers, and whether it is new. */
const savedContribution = okSchema(
  z.object({
    contribution: contributionRow,
    answers: z.array(z.object({ question_id: z.number().int(), contribution_id: z.number().int().nullable(), value: z.unknown() })),
    created: z.boolean(),
  }),
);

const tags = ['contributions'];

export async function contributionsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/contributions', { schema: { tags, summary: 'Liste : contributions', response: { 200: okListSchema(contributionRow) } } }, async (request) => {
    const { rows, meta } = await listContributions(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get(
    '/contributions/participation/:id',
    { schema: { tags, summary: 'Réponses déjà données, pour le contributeur invité (ses étapes)', params: idParams, response: { 200: okSchema(contributorStart) } } },
    async (request) => ok(await getContributorStart(contextOf(request), parseId(request.params.id))),
  );
  app.get('/contributions/:id', { schema: { tags, summary: 'Détail : contribution', params: idParams, response: { 200: okSchema(contributionRow) } } }, async (request) =>
    ok(await getContribution(contextOf(request), parseId(request.params.id), request.query)),
  );
  app.post('/contributions', { schema: { tags, summary: 'Enregistrer ma contribution', body: saveContributionBody, response: { 200: savedContribution, 201: savedContribution } } }, async (request, reply) => {
    const result = await saveContribution(contextOf(request), request.body);
    return reply.status(result.created ? 201 : 200).send(ok(result, 'Contribution enregistrée.'));
  });
}
