import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { okListSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { tableRowSchema } from '../../../http/table-row-schema';
import { transactions } from '../../../db/schema';
import { transactionQueryDef } from './transactions.query';
import type { PaymentGateway } from './payment-gateway';
import { checkBody, initBody, kindParams } from './transactions.schemas';
import * as payments from './transactions.service';
import { idParams, pathId } from '@app/contracts';
import { PUBLIC_ROUTE } from '../../../http/route-access';

const callbackParams = z.object({ id: pathId, secret: z.string().max(100) });

/** transactions.service `showTransaction`: the row without its callback secret and operator data. */
const transactionSchema = tableRowSchema(transactions, ['callback_secret_hash', 'provider_data']);
const providerSchema = z.object({ name: z.string(), available: z.boolean(), emulated: z.boolean() });

/** Mobile-money payments (API.md "Payments"): init, check, the operators' callbacks, and the lists. */
export async function transactionsRoutes(parent: FastifyInstance, options: { gateway: PaymentGateway }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { gateway } = options;
  const tags = ['transactions'];

  app.post(
    '/steps/transactions/:kind/init',
    { schema: { tags, summary: 'Initier un paiement mobile money', params: kindParams, body: initBody, response: { 200: okSchema(transactionSchema), 201: okSchema(transactionSchema) } } },
    async (request, reply) => {
      const transaction = await payments.initTransaction(contextOf(request), gateway, request.params.kind, request.body);
      return reply.status(transaction.status === 'failed' ? 200 : 201).send(ok(transaction));
    },
  );
  app.post(
    '/steps/transactions/:kind/check',
    { schema: { tags, summary: 'État d’un paiement (interroge l’opérateur)', params: kindParams, body: checkBody, response: { 200: okSchema(transactionSchema) } } },
    async (request) => ok(await payments.checkTransaction(contextOf(request), gateway, request.params.kind, request.body.transaction_id)),
  );
  const callback = async (request: any) => {
    const { id, secret } = request.params as z.infer<typeof callbackParams>;
    return ok(await payments.receiveCallback(contextOf(request), gateway, parseId(id), secret, request.body));
  };
  const callbackSchema = { schema: { tags, summary: 'Notification d’un opérateur', params: callbackParams, response: { 200: okSchema(z.object({ applied: z.boolean() })) } }, config: { rateLimit: { max: 600, timeWindow: 60_000 }, ...PUBLIC_ROUTE } };
  app.post('/steps/transactions/callbacks/:id/:secret', callbackSchema, callback);
  app.put('/steps/transactions/callbacks/:id/:secret', callbackSchema, callback);
  app.get('/steps/transactions/providers', { schema: { tags, summary: 'Opérateurs disponibles', response: { 200: okSchema(z.array(providerSchema)) } }, config: PUBLIC_ROUTE }, async () =>
    ok((['mtn_momo', 'orange_money'] as const).map((name) => ({ name, available: gateway.provider(name) !== null, emulated: gateway.emulated.has(name) }))),
  );

  app.get('/transactions', { schema: { tags, summary: 'Liste des transactions', response: { 200: okListSchema(resourceRowSchema(transactionQueryDef)) } } }, async (request) => {
    const { rows, meta } = await payments.listTransactions(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get('/transactions/:id', { schema: { tags, summary: 'Détail d’une transaction', params: idParams, response: { 200: okSchema(transactionSchema) } } }, async (request) =>
    ok(await payments.getTransaction(contextOf(request), parseId(request.params.id))),
  );
}
