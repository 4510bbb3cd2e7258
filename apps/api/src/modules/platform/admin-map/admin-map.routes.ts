import { adminMapQuery, adminMapSchema } from '@app/contracts/admin-map';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { okSchema } from '../../../http/response-schemas';
import { adminOnlyRoutes } from '../../../http/route-access';
import { adminMap } from './admin-map.service';

/** mnt/ai-map: the markers of the platform's map (sites and geolocated participations of every company). */
export async function adminMapRoutes(parent: FastifyInstance) {
  adminOnlyRoutes(parent);
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/map',
    { schema: { tags: ['admin'], summary: 'Carte : sites et participations géolocalisées de toutes les entreprises', querystring: adminMapQuery, response: { 200: okSchema(adminMapSchema) } } },
    async (request) => ok(await adminMap(contextOf(request), request.query)),
  );
}
