import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/actor';
import { ok } from '../../http/envelope';
import { parseId } from '../../http/resource-routes';
import { getSurveyResults } from './results.service';

export async function resultsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/surveys/:id/results',
    { schema: { tags: ['surveys'], summary: 'Résultats par question (filtres from, to, status)', params: z.object({ id: z.string() }) } },
    async (request) =>
      ok(await getSurveyResults(contextOf(request), parseId(request.params.id), (request.query ?? {}) as Record<string, unknown>)),
  );
}
