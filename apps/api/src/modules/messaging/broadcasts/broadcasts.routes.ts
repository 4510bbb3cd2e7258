import { idParams } from '@app/contracts';
import { createBroadcastBody, pageQuery } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { z } from 'zod';
import { okListSchema, okSchema } from '../../../http/response-schemas';
import { broadcastSchema, receivedBroadcastSchema } from '../messaging.responses';
import { parseId } from '../../../http/resource-routes';
import { getBroadcast, listCompanyBroadcasts, listReceivedBroadcasts, markBroadcastRead, publishBroadcast } from './broadcasts.service';

const tags = ['broadcasts'];

/** Broadcasts ("diffusions"): publish, the company's list, what the caller received (API.md "Broadcasts"). */
export async function broadcastsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/broadcasts', { schema: { tags, summary: 'Diffusions publiées par l’entreprise', querystring: pageQuery, response: { 200: okListSchema(broadcastSchema) } } }, async (request) => {
    const { rows, meta } = await listCompanyBroadcasts(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get('/broadcasts/received', { schema: { tags, summary: 'Diffusions reçues (20 par page)', querystring: pageQuery, response: { 200: okListSchema(receivedBroadcastSchema) } } }, async (request) => {
    const { rows, meta } = await listReceivedBroadcasts(contextOf(request), request.query);
    return okList(rows as z.output<typeof receivedBroadcastSchema>[], meta);
  });
  app.post('/broadcasts', { schema: { tags, summary: 'Publier une diffusion', body: createBroadcastBody, response: { 201: okSchema(broadcastSchema) } } }, async (request, reply) =>
    reply.status(201).send(ok(await publishBroadcast(contextOf(request), request.body))),
  );
  app.get('/broadcasts/:id', { schema: { tags, summary: 'Détail : diffusion', params: idParams, response: { 200: okSchema(broadcastSchema) } } }, async (request) =>
    ok(await getBroadcast(contextOf(request), parseId(request.params.id))),
  );
  app.post('/broadcasts/:id/read', { schema: { tags, summary: 'Marquer une diffusion reçue comme lue', params: idParams, response: { 200: okSchema(z.object({ id: z.number().int(), read: z.boolean() })) } } }, async (request) =>
    ok(await markBroadcastRead(contextOf(request), parseId(request.params.id))),
  );
}
