import { idParams } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { companyOverview } from './overview.service';

const tags = ['overview'];

/** Section 7 `GET overview` and `overview/companies/{id}`: the company dashboard. */
export async function overviewRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/overview', { schema: { tags, summary: "Tableau de bord de l'entreprise active" } }, async (request) =>
    ok(await companyOverview(contextOf(request))),
  );
  app.get(
    '/overview/companies/:id',
    { schema: { tags, summary: "Tableau de bord d'une entreprise", params: idParams } },
    async (request) => ok(await companyOverview(contextOf(request), parseId(request.params.id))),
  );
}
