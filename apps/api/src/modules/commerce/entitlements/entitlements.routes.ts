import { featureUpdateBody, idParams, packageCreateBody, packageUpdateBody } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { z } from 'zod';
import { features, packages, subscriptions } from '../../../db/schema';
import { okSchema } from '../../../http/response-schemas';
import { tableRowSchema } from '../../../http/table-row-schema';
import { createPackage, updateFeature, updatePackage } from './catalogue-admin.service';
import { companyUsage, getFeature, getPackage, listFeatures, listPackages } from './entitlements.service';

/** entitlements.service: whole rows, a package with its features and limits (null: unlimited), the usage. */
const featureSchema = tableRowSchema(features);
const packageSchema = tableRowSchema(packages).extend({
  features: z.array(
    z.object({
      feature_id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      metric: z.string(),
      limit: z.number().int().nullable(),
      overage_price: z.number().int().nullable(),
    }),
  ),
});
const usageSchema = z.object({
  package: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  subscription_id: z.number().int().nullable(),
  ends_at: z.date().nullable(),
  in_grace: z.boolean(),
  usage: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      limit: z.number().int().nullable(),
      used: z.number(),
      /** agents only: how many of `used` are seats held by pending invitations. */
      pending_invitations: z.number().int().optional(),
    }),
  ),
  subscriptions: z.array(tableRowSchema(subscriptions)),
});

/** Features, packages, the company's usage against its limits, and the admin's catalogue edits (API.md "Commerce"). */
export async function entitlementsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/features', { schema: { tags: ['features'], summary: 'Fonctionnalités', response: { 200: okSchema(z.array(featureSchema)) } } }, async (request) => ok(await listFeatures(contextOf(request))));
  app.get('/features/usage', { schema: { tags: ['features'], summary: 'Consommation de l’entreprise face à ses limites', response: { 200: okSchema(usageSchema) } } }, async (request) =>
    ok(await companyUsage(contextOf(request))),
  );
  app.get('/features/:id', { schema: { tags: ['features'], summary: 'Détail d’une fonctionnalité', params: idParams, response: { 200: okSchema(featureSchema) } } }, async (request) =>
    ok(await getFeature(contextOf(request), request.params.id)),
  );
  app.post(
    '/features/:id',
    { schema: { tags: ['features'], summary: 'Modifier une fonctionnalité (administrateur)', params: idParams, body: featureUpdateBody, response: { 200: okSchema(featureSchema) } } },
    async (request) => ok(await updateFeature(contextOf(request), request.params.id, request.body)),
  );
  app.get('/packages', { schema: { tags: ['packages'], summary: 'Formules', response: { 200: okSchema(z.array(packageSchema)) } } }, async (request) => ok(await listPackages(contextOf(request))));
  app.post('/packages', { schema: { tags: ['packages'], summary: 'Créer une formule (administrateur)', body: packageCreateBody, response: { 201: okSchema(packageSchema) } } }, async (request, reply) =>
    reply.status(201).send(ok(await createPackage(contextOf(request), request.body))),
  );
  app.get('/packages/:id', { schema: { tags: ['packages'], summary: 'Détail d’une formule', params: idParams, response: { 200: okSchema(packageSchema) } } }, async (request) =>
    ok(await getPackage(contextOf(request), request.params.id)),
  );
  app.post(
    '/packages/:id',
    { schema: { tags: ['packages'], summary: 'Modifier une formule : prix, période, fonctionnalités et limites (administrateur)', params: idParams, body: packageUpdateBody, response: { 200: okSchema(packageSchema) } } },
    async (request) => ok(await updatePackage(contextOf(request), request.params.id, request.body)),
  );
}
