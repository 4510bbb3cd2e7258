import { idParams } from '@app/contracts';
import { overviewQuery, scorecardQuery } from '@app/contracts/scorecards';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { companyOverview } from './overview.service';
import { siteScorecard } from './scores.service';
import { okSchema } from '../../../http/response-schemas';
import { companyOverviewSchema, siteScorecardSchema } from './overview.responses';

const tags = ['overview'];

/**
 * Section 7 `GET overview`, `overview/companies/{id}` and `overview/sites/{id}`: the
 * company dashboard with its scorecards, and a site's scorecard. The query string filters
 * the scores (`from`, `to`, `survey_id`, `zone_id`, `target_kind`, `granularity`);
 * `scores=0` leaves the scorecard out of the company dashboard (the business home).
 */
export async function overviewRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/overview', { schema: { tags, summary: "Tableau de bord de l'entreprise active", querystring: overviewQuery, response: { 200: okSchema(companyOverviewSchema) } } }, async (request) =>
    ok(await companyOverview(contextOf(request), undefined, request.query)),
  );
  app.get(
    '/overview/companies/:id',
    { schema: { tags, summary: "Tableau de bord d'une entreprise", params: idParams, querystring: overviewQuery, response: { 200: okSchema(companyOverviewSchema) } } },
    async (request) => ok(await companyOverview(contextOf(request), parseId(request.params.id), request.query)),
  );
  app.get(
    '/overview/sites/:id',
    { schema: { tags, summary: "Tableau de bord d'un site (notes du site, de ses espaces et groupes)", params: idParams, querystring: scorecardQuery, response: { 200: okSchema(siteScorecardSchema) } } },
    async (request) => ok(await siteScorecard(contextOf(request), parseId(request.params.id), request.query)),
  );
}
