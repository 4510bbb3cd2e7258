import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { createPin, deletePin, listPins, PINNABLE_TABLES } from './pins.service';
import { pathId, recordIdSchema } from '@app/contracts';

const tags = ['pins'];
const types = Object.keys(PINNABLE_TABLES) as [string, ...string[]];
const pinBody = z.object({
  type: z.enum(types, { message: `Type inconnu (${types.join(', ')})` }),
  id: recordIdSchema("L'identifiant de l'objet est obligatoire", "L'identifiant de l'objet est obligatoire"),
});

export async function pinsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/pins', { schema: { tags, summary: 'Mes épingles', querystring: z.looseObject({ type: z.string().optional() }) } }, async (request) =>
    ok(await listPins(contextOf(request), request.query.type)),
  );
  app.post('/pins', { schema: { tags, summary: 'Épingler un objet', body: pinBody } }, async (request, reply) =>
    reply.status(201).send(ok(await createPin(contextOf(request), request.body.type, request.body.id))),
  );
  app.post(
    '/pins/:type/:id/:user/delete',
    { schema: { tags, summary: 'Retirer une épingle', params: z.object({ type: z.string(), id: pathId, user: z.string() }) } },
    async (request) => {
      await deletePin(contextOf(request), request.params.type, parseId(request.params.id), request.params.user);
      return ok(null);
    },
  );
}
