import { idParams } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { registerResourceRoutes } from '../../../http/resource-routes';
import { okListSchema, okNullSchema } from '../../../http/response-schemas';
import { ADMIN_ROUTE } from '../../../http/route-access';
import { sectorCompanyRowSchema } from '../reference.responses';
import { createSectorBody, updateSectorBody } from './sectors.schemas';
import { listCompaniesOfSector, sectorsService } from './sectors.service';

const companiesQuery = z.object({
  q: z.string().trim().max(100, 'La recherche fait 100 caractères au plus.').optional(),
  page: z.coerce.number({ error: 'La page doit être un nombre.' }).int('La page doit être un nombre entier.').min(1, 'La page commence à 1.').max(100000, 'La page est trop grande.').default(1),
  limit: z.coerce.number({ error: 'La limite doit être un nombre.' }).int('La limite doit être un nombre entier.').min(1, 'La limite est d’au moins 1.').max(100, 'La limite est de 100 au plus.').default(20),
});

export async function sectorsRoutes(parent: FastifyInstance) {
  registerResourceRoutes(parent, {
    service: sectorsService,
    createBody: createSectorBody,
    updateBody: updateSectorBody,
    label: "secteurs d'activité",
    skip: ['delete'],
  });
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['sectors'];
  app.delete(
    '/sectors/:id',
    { schema: { tags, summary: "Suppression d'un secteur inutilisé (409 s'il a des entreprises)", params: idParams, response: { 200: okNullSchema } }, config: ADMIN_ROUTE },
    async (request) => {
      await sectorsService.remove(contextOf(request), request.params.id);
      return ok(null);
    },
  );
  app.get(
    '/sectors/:id/companies',
    { schema: { tags, summary: "Les entreprises d'un secteur (admin)", params: idParams, querystring: companiesQuery, response: { 200: okListSchema(sectorCompanyRowSchema) } }, config: ADMIN_ROUTE },
    async (request) => {
      const { rows, meta } = await listCompaniesOfSector(contextOf(request), request.params.id, request.query);
      return okList(rows, meta);
    },
  );
}
