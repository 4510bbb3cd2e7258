import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { companyUsage, getPackage, listFeatures, listPackages } from './entitlements.service';
import { idParams } from '@app/contracts';

/** Features, packages and the company's usage against its limits (API.md "Commerce"). */
export async function entitlementsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/features', { schema: { tags: ['features'], summary: 'Fonctionnalités' } }, async (request) => ok(await listFeatures(contextOf(request))));
  app.get('/features/usage', { schema: { tags: ['features'], summary: 'Consommation de l’entreprise face à ses limites' } }, async (request) =>
    ok(await companyUsage(contextOf(request))),
  );
  app.get('/packages', { schema: { tags: ['packages'], summary: 'Formules' } }, async (request) => ok(await listPackages(contextOf(request))));
  app.get('/packages/:id', { schema: { tags: ['packages'], summary: 'Détail d’une formule', params: idParams } }, async (request) =>
    ok(await getPackage(contextOf(request), parseId(request.params.id))),
  );
}
