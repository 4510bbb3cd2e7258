import { idParams } from '@app/contracts';
import { pageQuery, webhookEndpointBody, webhookEndpointUpdate } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { okListSchema, okNullSchema, okSchema } from '../../../http/response-schemas';
import { webhookDeliverySchema, webhookEndpointSchema } from '../messaging.responses';
import { parseId } from '../../../http/resource-routes';
import type { WebhookSettings } from './webhook-delivery';
import { createWebhook, deleteWebhook, getWebhook, listDeliveries, listWebhooks, redeliver, updateWebhook } from './webhooks.service';

const tags = ['webhooks'];

/** A company's webhook endpoints and their delivery log (API.md "Webhooks"). */
export async function webhooksRoutes(parent: FastifyInstance, options: { settings: WebhookSettings }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { settings } = options;
  app.get('/webhooks', { schema: { tags, summary: 'Points de réception des webhooks', response: { 200: okSchema(z.array(webhookEndpointSchema)) } } }, async (request) => ok(await listWebhooks(contextOf(request))));
  app.post('/webhooks', { schema: { tags, summary: 'Nouveau point de réception (le secret est montré une fois)', body: webhookEndpointBody, response: { 201: okSchema(webhookEndpointSchema) } } }, async (request, reply) =>
    reply.status(201).send(ok(await createWebhook(contextOf(request), request.body, settings))),
  );
  app.get('/webhooks/:id', { schema: { tags, summary: 'Détail : point de réception', params: idParams, response: { 200: okSchema(webhookEndpointSchema) } } }, async (request) =>
    ok(await getWebhook(contextOf(request), parseId(request.params.id))),
  );
  app.post('/webhooks/:id', { schema: { tags, summary: 'Modifier un point de réception', params: idParams, body: webhookEndpointUpdate, response: { 200: okSchema(webhookEndpointSchema) } } }, async (request) =>
    ok(await updateWebhook(contextOf(request), parseId(request.params.id), request.body, settings)),
  );
  app.delete('/webhooks/:id', { schema: { tags, summary: 'Supprimer un point de réception', params: idParams, response: { 200: okNullSchema } } }, async (request) => {
    await deleteWebhook(contextOf(request), parseId(request.params.id));
    return ok(null);
  });
  app.get('/webhooks/:id/deliveries', { schema: { tags, summary: 'Journal des envois', params: idParams, querystring: pageQuery, response: { 200: okListSchema(webhookDeliverySchema) } } }, async (request) => {
    const { rows, meta } = await listDeliveries(contextOf(request), parseId(request.params.id), request.query);
    return okList(rows, meta);
  });
  app.post(
    '/webhooks/:id/deliveries/:delivery/redeliver',
    { schema: { tags, summary: 'Renvoyer un évènement', params: z.object({ id: z.string(), delivery: z.string() }), response: { 201: okSchema(webhookDeliverySchema) } } },
    async (request, reply) =>
      reply.status(201).send(ok(await redeliver(contextOf(request), parseId(request.params.id), parseId(request.params.delivery)))),
  );
}
