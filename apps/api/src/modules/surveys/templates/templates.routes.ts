import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId, registerResourceRoutes } from '../../../http/resource-routes';
import { stateBody } from '../steps/steps.schemas';
import { createTemplateBody, updateTemplateBody } from '../surveys/surveys.schemas';
import { changeTemplateState, templatesService } from './templates.service';
import { idParams } from '@app/contracts';


export async function templatesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(app, { service: templatesService, createBody: createTemplateBody, updateBody: updateTemplateBody, label: 'modèles' });
  app.post(
    '/templates/:id/changestate',
    { schema: { tags: ['templates'], summary: "Activer ou désactiver un modèle", params: idParams, body: stateBody } },
    async (request) => ok(await changeTemplateState(contextOf(request), parseId(request.params.id), request.body?.state)),
  );
}
