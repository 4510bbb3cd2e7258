import { okSchema, resourceRowSchema } from '../../../http/response-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId, registerResourceRoutes } from '../../../http/resource-routes';
import { stateBody } from '../steps/steps.schemas';
import { createQuestionBody, reorderChoicesBody, updateQuestionBody } from './questions.schemas';
import { changeQuestionState, questionsService, reorderQuestionChoices } from './questions.service';
import { idParams } from '@app/contracts';

const tags = ['questions'];

/** A question as its regular routes give it (the reorder adds its choices). */
const questionRow = okSchema(resourceRowSchema(questionsService.def, questionsService.extraFields));

export async function questionsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(app, { service: questionsService, createBody: createQuestionBody, updateBody: updateQuestionBody, label: 'questions' });
  app.post(
    '/questions/:id/changestate',
    { schema: { tags, summary: "Changer l'état d'une question", params: idParams, body: stateBody, response: { 200: questionRow } } },
    async (request) => ok(await changeQuestionState(contextOf(request), parseId(request.params.id), request.body?.state)),
  );
  app.post(
    '/questions/:id/reorder',
    { schema: { tags, summary: "Réordonner les choix d'une question", params: idParams, body: reorderChoicesBody, response: { 200: questionRow } } },
    async (request) => ok(await reorderQuestionChoices(contextOf(request), parseId(request.params.id), request.body.choice_ids)),
  );
}
