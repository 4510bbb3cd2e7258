import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId, registerResourceRoutes } from '../../../http/resource-routes';
import { okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { createTemplateBody, templateStateBody, updateTemplateBody } from '../surveys/surveys.schemas';
import { changeState, templatesService } from './templates.service';
import { idParams } from '@app/contracts';


export async function templatesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(app, { service: templatesService, createBody: createTemplateBody, updateBody: updateTemplateBody, label: 'modèles' });
  app.post(
    '/templates/:id/changestate',
    { schema: { tags: ['templates'], summary: 'Changer l’état d’un modèle (brouillon, publié, retiré) ; renvoie le modèle', params: idParams, body: templateStateBody, response: { 200: okSchema(resourceRowSchema(templatesService.def, templatesService.extraFields)) } } },
    async (request) => ok(await changeState(contextOf(request), parseId(request.params.id), request.body)),
  );
}
