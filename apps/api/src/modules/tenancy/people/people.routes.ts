import { idParams } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { agentHistory, listPeople } from './people.service';
import { okListSchema, okSchema } from '../../../http/response-schemas';
import { agentHistorySchema, personRow } from './people.responses';

const tags = ['agents'];
const typeParams = z.object({ type: z.string().max(40) });

/** The people of the active company by kind (agents | partners | customers), and an agent's history. */
export async function peopleRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/people/:type', { schema: { tags, summary: "Agents, partenaires ou clients de l'entreprise active", params: typeParams, response: { 200: okListSchema(personRow) } } }, async (request) => {
    const { rows, meta } = await listPeople(contextOf(request), request.params.type, request.query);
    return okList(rows, meta);
  });
  app.post(
    '/people/:type/search',
    { schema: { tags, summary: 'Recherche : agents, partenaires ou clients', params: typeParams, body: z.looseObject({ input: z.string().max(200).optional() }), response: { 200: okListSchema(personRow) } } },
    async (request) => {
      const { rows, meta } = await listPeople(contextOf(request), request.params.type, request.body);
      return okList(rows, meta);
    },
  );
  app.get('/agents/:id/history', { schema: { tags, summary: "Groupes, arrivée et dernières participations d'un agent", params: idParams, response: { 200: okSchema(agentHistorySchema) } } }, async (request) =>
    ok(await agentHistory(contextOf(request), parseId(request.params.id))),
  );
}
