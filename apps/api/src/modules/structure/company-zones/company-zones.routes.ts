import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { addCompanyZone, listCompanyZones, listZoneChildren, removeCompanyZone } from './company-zones.service';
import { pathId, recordIdSchema } from '@app/contracts';
import { PUBLIC_ROUTE } from '../../../http/route-access';

const zoneBody = z.object({ zone_id: recordIdSchema('Choisissez une zone', 'Choisissez une zone') });

export async function companyZonesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/zones/:type/parent/:parent',
    { schema: { tags: ['zones'], summary: "Zones d'un type sous une zone", params: z.object({ type: z.string(), parent: pathId }) }, config: PUBLIC_ROUTE },
    async (request) => ok(await listZoneChildren(contextOf(request), request.params.type, parseId(request.params.parent))),
  );
  app.get('/companyzones', { schema: { tags: ['zones'], summary: "Zones de l'entreprise" } }, async (request) =>
    ok(await listCompanyZones(contextOf(request))),
  );
  app.post('/companyzones', { schema: { tags: ['zones'], summary: "Ajouter une zone à l'entreprise", body: zoneBody } }, async (request) =>
    ok(await addCompanyZone(contextOf(request), request.body.zone_id)),
  );
  app.delete(
    '/companyzones/:zone',
    { schema: { tags: ['zones'], summary: "Retirer une zone de l'entreprise", params: z.object({ zone: pathId }) } },
    async (request) => ok(await removeCompanyZone(contextOf(request), parseId(request.params.zone))),
  );
}
