import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { addCompanyZone, listCompanyZones, listZoneChildren, removeCompanyZone } from './company-zones.service';
import { pathId, recordIdSchema } from '@app/contracts';
import { PUBLIC_ROUTE } from '../../../http/route-access';
import { okSchema } from '../../../http/response-schemas';

/** A zone as company-zones.service reads it; the company's zones also name their parent. */
const zoneFields = { id: z.number().int(), type: z.string(), name: z.string(), code: z.string(), parent_id: z.number().int().nullable() };
const companyZone = z.object({ ...zoneFields, parent_name: z.string().nullable() });
const companyZones = okSchema(z.array(companyZone));

const zoneBody = z.object({ zone_id: recordIdSchema('Choisissez une zone', 'Choisissez une zone') });

export async function companyZonesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/zones/:type/parent/:parent',
    { schema: { tags: ['zones'], summary: "Zones d'un type sous une zone", params: z.object({ type: z.string(), parent: pathId }), response: { 200: okSchema(z.array(z.object(zoneFields))) } }, config: PUBLIC_ROUTE },
    async (request) => ok(await listZoneChildren(contextOf(request), request.params.type, parseId(request.params.parent))),
  );
  app.get('/companyzones', { schema: { tags: ['zones'], summary: "Zones de l'entreprise", response: { 200: companyZones } } }, async (request) =>
    ok((await listCompanyZones(contextOf(request))) as z.output<typeof companyZone>[]),
  );
  app.post('/companyzones', { schema: { tags: ['zones'], summary: "Ajouter une zone à l'entreprise", body: zoneBody, response: { 200: companyZones } } }, async (request) =>
    ok((await addCompanyZone(contextOf(request), request.body.zone_id)) as z.output<typeof companyZone>[]),
  );
  app.delete(
    '/companyzones/:zone',
    { schema: { tags: ['zones'], summary: "Retirer une zone de l'entreprise", params: z.object({ zone: pathId }), response: { 200: companyZones } } },
    async (request) => ok((await removeCompanyZone(contextOf(request), parseId(request.params.zone))) as z.output<typeof companyZone>[]),
  );
}
