import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { submitParticipationBody } from './participations.schemas';
import { participationText } from './participation.texts';
import { getParticipationResults } from './participation-results';
import { getParticipation, listMyParticipations, listParticipations } from './review.service';
import { changeReviewState, REVIEW_ACTIONS } from './review-state.service';
import { resumeParticipation, submitParticipation } from './submission.service';
import { idParams } from '@app/contracts';
import { BULK_REVIEW_ACTIONS, bulkReviewBody } from '@app/contracts/bulk-review';
import { bulkReview } from './bulk-review.service';
import { myEvaluationsQuery } from '@app/contracts/scorecards';
import { listMyEvaluations } from './my-evaluations.service';
import { PUBLIC_ROUTE } from '../../../http/route-access';
import { okListSchema, okSchema } from '../../../http/response-schemas';
import { bulkReviewResult, myEvaluationRow, participationResults, participationRow, submittedParticipation, participationView } from './participations.responses';

const tags = ['participations'];

export async function participationsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/participations',
    { schema: { tags, summary: 'Répondre à un formulaire (idempotent par client_uuid)', body: submitParticipationBody, response: { 200: okSchema(submittedParticipation), 201: okSchema(submittedParticipation) } }, config: PUBLIC_ROUTE },
    async (request, reply) => {
      const ctx = contextOf(request);
      const { participation, outcome } = await submitParticipation(ctx, request.body);
      return reply.status(outcome === 'created' ? 201 : 200).send(ok({ ...participation, outcome }, participationText(ctx.locale, outcome)));
    },
  );

  app.get('/participations', { schema: { tags, summary: 'Liste : participations', response: { 200: okListSchema(participationRow) } } }, async (request) => {
    const { rows, meta } = await listParticipations(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.post(
    '/participations/search',
    { schema: { tags, summary: 'Recherche : participations', body: z.looseObject({ input: z.string().max(200).optional() }), response: { 200: okListSchema(participationRow) } } },
    async (request) => {
      const { rows, meta } = await listParticipations(contextOf(request), request.body);
      return okList(rows, meta);
    },
  );
  app.get('/participations/mine', { schema: { tags, summary: 'Mes participations', response: { 200: okListSchema(participationRow) } } }, async (request) => {
    const { rows, meta } = await listMyParticipations(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get(
    '/participations/mine/evaluations',
    { schema: { tags, summary: 'Mes évaluations (web/reports), les plus récentes d’abord', querystring: myEvaluationsQuery, response: { 200: okListSchema(myEvaluationRow) } } },
    async (request) => {
      const { rows, meta } = await listMyEvaluations(contextOf(request), request.query);
      return okList(rows, meta);
    },
  );
  for (const action of BULK_REVIEW_ACTIONS) {
    app.post(
      `/participations/bulk/${action}`,
      {
        schema: {
          tags,
          summary: `Participations filtrées : ${action} en masse (dry_run pour compter)`,
          body: bulkReviewBody,
          response: { 200: okSchema(bulkReviewResult) },
        },
      },
      async (request) => ok(await bulkReview(contextOf(request), action, request.body)),
    );
  }
  app.get(
    '/participations/key/:client_uuid',
    { schema: { tags, summary: 'Reprendre une participation par sa clé client_uuid', params: z.object({ client_uuid: z.string() }), response: { 200: okSchema(participationView) } }, config: PUBLIC_ROUTE },
    async (request) => ok(await resumeParticipation(contextOf(request), request.params.client_uuid)),
  );
  app.get('/participations/:id', { schema: { tags, summary: 'Détail : participation', params: idParams, response: { 200: okSchema(participationRow) } } }, async (request) =>
    ok(await getParticipation(contextOf(request), parseId(request.params.id), request.query)),
  );
  app.get(
    '/participations/:id/results',
    { schema: { tags, summary: 'Réponses d’une participation, avec leurs libellés', params: idParams, response: { 200: okSchema(participationResults) } } },
    async (request) => ok(await getParticipationResults(contextOf(request), parseId(request.params.id))),
  );
  for (const action of REVIEW_ACTIONS) {
    app.post(
      `/participations/:id/${action}`,
      { schema: { tags, summary: `Participation : ${action}`, params: idParams, response: { 200: okSchema(participationRow) } } },
      async (request) => ok(await changeReviewState(contextOf(request), parseId(request.params.id), action)),
    );
  }
}
