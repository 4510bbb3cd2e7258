import { featureUpdateBody, idParams, packageCreateBody, packageUpdateBody } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { createPackage, updateFeature, updatePackage } from './catalogue-admin.service';
import { companyUsage, getFeature, getPackage, listFeatures, listPackages } from './entitlements.service';

/** Features, packages, the company's usage against its limits, and the admin's catalogue edits (API.md "Commerce"). */
export async function entitlementsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/features', { schema: { tags: ['features'], summary: 'Fonctionnalités' } }, async (request) => ok(await listFeatures(contextOf(request))));
  app.get('/features/usage', { schema: { tags: ['features'], summary: 'Consommation de l’entreprise face à ses limites' } }, async (request) =>
    ok(await companyUsage(contextOf(request))),
  );
  app.get('/features/:id', { schema: { tags: ['features'], summary: 'Détail d’une fonctionnalité', params: idParams } }, async (request) =>
    ok(await getFeature(contextOf(request), request.params.id)),
  );
  app.post(
    '/features/:id',
    { schema: { tags: ['features'], summary: 'Modifier une fonctionnalité (administrateur)', params: idParams, body: featureUpdateBody } },
    async (request) => ok(await updateFeature(contextOf(request), request.params.id, request.body)),
  );
  app.get('/packages', { schema: { tags: ['packages'], summary: 'Formules' } }, async (request) => ok(await listPackages(contextOf(request))));
  app.post('/packages', { schema: { tags: ['packages'], summary: 'Créer une formule (administrateur)', body: packageCreateBody } }, async (request, reply) =>
    reply.status(201).send(ok(await createPackage(contextOf(request), request.body))),
  );
  app.get('/packages/:id', { schema: { tags: ['packages'], summary: 'Détail d’une formule', params: idParams } }, async (request) =>
    ok(await getPackage(contextOf(request), request.params.id)),
  );
  app.post(
    '/packages/:id',
    { schema: { tags: ['packages'], summary: 'Modifier une formule : prix, période, fonctionnalités et limites (administrateur)', params: idParams, body: packageUpdateBody } },
    async (request) => ok(await updatePackage(contextOf(request), request.params.id, request.body)),
  );
}
