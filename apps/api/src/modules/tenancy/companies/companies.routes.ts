import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { createCompanyBody, requestToJoinBody, updateCompanyBody } from './companies.schemas';
import {
  changeCompanyStatus,
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  requestToJoin,
  updateCompany,
} from './companies.service';
import { idParams } from '@app/contracts';
import { okListSchema, okNullSchema, okSchema } from '../../../http/response-schemas';
import { companyRow, createdCompanyRow, joinRequestSchema } from './companies.responses';

const searchBody = z.looseObject({ input: z.string().max(200).optional() });
const tags = ['companies'];

export async function companiesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/companies', { schema: { tags, summary: 'Liste des entreprises visibles', response: { 200: okListSchema(companyRow) } } }, async (request) => {
    const { rows, meta } = await listCompanies(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.post('/companies/search', { schema: { tags, summary: 'Recherche : entreprises', body: searchBody, response: { 200: okListSchema(companyRow) } } }, async (request) => {
    const { rows, meta } = await listCompanies(contextOf(request), request.body);
    return okList(rows, meta);
  });
  app.get('/companies/:id', { schema: { tags, summary: 'Détail : entreprise', params: idParams, response: { 200: okSchema(companyRow) } } }, async (request) =>
    ok(await getCompany(contextOf(request), parseId(request.params.id), request.query)),
  );
  app.post('/companies', { schema: { tags, summary: 'Création : entreprise', body: createCompanyBody, response: { 201: okSchema(createdCompanyRow) } } }, async (request, reply) =>
    reply.status(201).send(ok(await createCompany(contextOf(request), request.body))),
  );
  app.post(
    '/companies/:id',
    { schema: { tags, summary: 'Mise à jour : entreprise', params: idParams, body: updateCompanyBody, response: { 200: okSchema(companyRow) } } },
    async (request) => ok(await updateCompany(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.delete('/companies/:id', { schema: { tags, summary: 'Suppression : entreprise', params: idParams, response: { 200: okNullSchema } } }, async (request) => {
    await deleteCompany(contextOf(request), parseId(request.params.id));
    return ok(null);
  });
  app.post('/companies/:id/suspend', { schema: { tags, summary: 'Suspendre une entreprise', params: idParams, response: { 200: okSchema(companyRow) } } }, async (request) =>
    ok(await changeCompanyStatus(contextOf(request), parseId(request.params.id), 'suspended')),
  );
  app.post('/companies/:id/activate', { schema: { tags, summary: 'Réactiver une entreprise', params: idParams, response: { 200: okSchema(companyRow) } } }, async (request) =>
    ok(await changeCompanyStatus(contextOf(request), parseId(request.params.id), 'active')),
  );
  app.post(
    '/companies/:id/request_to_join',
    { schema: { tags, summary: 'Demander à rejoindre une entreprise', params: idParams, body: requestToJoinBody, response: { 201: okSchema(joinRequestSchema) } } },
    async (request, reply) =>
      reply.status(201).send(ok(await requestToJoin(contextOf(request), parseId(request.params.id), request.body))),
  );
}
