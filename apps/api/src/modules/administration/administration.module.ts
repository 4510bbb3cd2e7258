import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../http/actor';
import { ok } from '../../http/envelope';
import { ADMIN_ROUTE } from '../../http/route-access';
import { auditRoutes } from './audit/audit.routes';
import { adminCompaniesRoutes } from './companies/admin-companies.routes';
import { platformDashboard } from './dashboard/dashboard.service';
import { okSchema } from '../../http/response-schemas';
import { adminDashboardSchema } from './administration.responses';

/** The platform back office's API (`mnt/*`, admin only) and the company's own audit trail. */
export async function administrationModule(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/mnt/dashboard', { schema: { tags: ['mnt'], summary: 'Tableau de bord de la plateforme', response: { 200: okSchema(adminDashboardSchema) } }, config: ADMIN_ROUTE }, async (request) => ok(await platformDashboard(contextOf(request))));
  await app.register(adminCompaniesRoutes);
  await app.register(auditRoutes);
}
