import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { okNullSchema, okSchema } from '../../../http/response-schemas';
import { parseId } from '../../../http/resource-routes';
import { createPin, deletePin, listPins, PINNABLE_TABLES } from './pins.service';
import { pathId, recordIdSchema } from '@app/contracts';

const tags = ['pins'];
const types = Object.keys(PINNABLE_TABLES) as [string, ...string[]];
const pinBody = z.object({
  type: z.enum(types, { message: `Type inconnu (${types.join(', ')})` }),
  id: recordIdSchema("L'identifiant de l'objet est obligatoire", "L'identifiant de l'objet est obligatoire"),
});

const pinFields = { id: z.number().int(), pinnable_type: z.string(), pinnable_id: z.number().int(), created_at: z.string() };
/** A pin as listed: its object's name (`label`) and, for surveys, their type (`kind`). */
const listedPin = z.object({ ...pinFields, label: z.string(), kind: z.string().nullable() });
const pin = z.object({ ...pinFields, user_id: z.number().int(), company_id: z.number().int().nullable() });

export async function pinsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/pins', { schema: { tags, summary: 'Mes épingles', querystring: z.looseObject({ type: z.string().optional() }), response: { 200: okSchema(z.array(listedPin)) } } }, async (request) =>
    ok(await listPins(contextOf(request), request.query.type)),
  );
  app.post('/pins', { schema: { tags, summary: 'Épingler un objet', body: pinBody, response: { 201: okSchema(pin) } } }, async (request, reply) =>
    reply.status(201).send(ok(await createPin(contextOf(request), request.body.type, request.body.id))),
  );
  app.post(
    '/pins/:type/:id/:user/delete',
    { schema: { tags, summary: 'Retirer une épingle', params: z.object({ type: z.string(), id: pathId, user: z.string() }), response: { 200: okNullSchema } } },
    async (request) => {
      await deletePin(contextOf(request), request.params.type, parseId(request.params.id), request.params.user);
      return ok(null);
    },
  );
}
