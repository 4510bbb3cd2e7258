import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { getQuestionAnswers } from './question-answers.service';
import { getSurveyResults } from './results.service';
import { idParams, pathId } from '@app/contracts';
import { okListSchema, okSchema } from '../../../http/response-schemas';
import { questionAnswerEntry, surveyResults } from './results.responses';

/** Filters of the results (read by results.service.ts, which words their errors). */
const resultsQuery = z.object({ from: z.unknown().optional(), to: z.unknown().optional(), status: z.unknown().optional() });
const answersQuery = resultsQuery.extend({ page: z.unknown().optional(), limit: z.unknown().optional(), search: z.unknown().optional() });

export async function resultsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/surveys/:id/results',
    { schema: { tags: ['surveys'], summary: 'Résultats par question (filtres from, to, status)', params: idParams, querystring: resultsQuery, response: { 200: okSchema(surveyResults) } } },
    async (request) =>
      ok(await getSurveyResults(contextOf(request), parseId(request.params.id), (request.query ?? {}) as Record<string, unknown>)),
  );
  app.get(
    '/surveys/:id/results/questions/:questionId/answers',
    {
      schema: {
        tags: ['surveys'],
        summary: 'Dernières réponses à une question (page, limit, search, from, to, status)',
        params: z.object({ id: pathId, questionId: pathId }),
        querystring: answersQuery,
        response: { 200: okListSchema(questionAnswerEntry) },
      },
    },
    async (request) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const { rows, meta } = await getQuestionAnswers(contextOf(request), parseId(request.params.id), parseId(request.params.questionId), query);
      return okList(rows, meta);
    },
  );
}
