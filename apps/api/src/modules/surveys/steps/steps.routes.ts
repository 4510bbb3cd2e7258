import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId, registerResourceRoutes } from '../../../http/resource-routes';
import { createStepBody, reorderQuestionsBody, stateBody, updateStepBody } from './steps.schemas';
import { changeStepState, reorderStepQuestions, stepsService } from './steps.service';
import { idParams } from '@app/contracts';
import { okSchema, resourceRowSchema } from '../../../http/response-schemas';

const tags = ['steps'];
/** A step as its regular routes give it (the reorder adds its questions). */
const stepRow = okSchema(resourceRowSchema(stepsService.def, stepsService.extraFields));

export async function stepsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(app, { service: stepsService, createBody: createStepBody, updateBody: updateStepBody, label: 'étapes' });
  app.post('/steps/:id/changestate', { schema: { tags, summary: "Changer l'état d'une étape", params: idParams, body: stateBody, response: { 200: stepRow } } }, async (request) =>
    ok(await changeStepState(contextOf(request), parseId(request.params.id), request.body?.state)),
  );
  app.post(
    '/steps/:id/reorder',
    { schema: { tags, summary: "Réordonner les questions d'une étape", params: idParams, body: reorderQuestionsBody, response: { 200: stepRow } } },
    async (request) => ok(await reorderStepQuestions(contextOf(request), parseId(request.params.id), request.body.question_ids)),
  );
}
