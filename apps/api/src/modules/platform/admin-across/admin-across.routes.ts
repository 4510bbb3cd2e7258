import { idParams } from '@app/contracts';
import { adminArticlesQuery, adminRejectSurveyBody, adminSurveysQuery } from '@app/contracts/admin-catalogue';
import { ACROSS_KINDS, type AcrossKind, adminListQuery, adminOverviewQuery } from '@app/contracts/admin-platform';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { adminOnlyRoutes } from '../../../http/route-access';
import { acrossDetail, listAcrossCompanies, listArticleCategories } from './admin-across.service';
import { closeSurveyAsAdmin, rejectSurveyAsAdmin } from './survey-moderation.service';
import { platformOverview } from './admin-overview.service';
import { okListSchema, okSchema } from '../../../http/response-schemas';
import { acrossDetailSchema, acrossRowSchema, adminArticleCategoriesSchema, adminOverviewSchema } from '../admin.responses';

const tags = ['admin'];
const LABELS: Record<AcrossKind, string> = { sites: 'sites', workspaces: 'espaces de travail', groups: 'groupes', reports: 'évaluations de supervision', audiences: 'audiences', contacts: 'contacts', surveys: 'formulaires', articles: 'articles' };
/** The kinds with filters of their own; the others take the common paging, search and company. */
const QUERIES: Partial<Record<AcrossKind, typeof adminListQuery>> = { surveys: adminSurveysQuery, articles: adminArticlesQuery };

/** mnt sites, workspaces, groups, reports, conversations/audiences and contacts (every company's, with its company), and mnt/overview. */
export async function adminAcrossRoutes(parent: FastifyInstance) {
  adminOnlyRoutes(parent);
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Before /admin/articles/:id (a static segment, listed first for the reader).
  app.get('/admin/articles/categories', { schema: { tags, summary: 'Catégories d’articles, avec leurs articles et réservations', response: { 200: okSchema(adminArticleCategoriesSchema) } } }, async (request) =>
    ok(await listArticleCategories(contextOf(request))),
  );
  for (const kind of ACROSS_KINDS) {
    app.get(`/admin/${kind}`, { schema: { tags, summary: `Toutes entreprises : ${LABELS[kind]}`, querystring: QUERIES[kind] ?? adminListQuery, response: { 200: okListSchema(acrossRowSchema) } } }, async (request) => {
      const { rows, meta } = await listAcrossCompanies(contextOf(request), kind, request.query);
      return okList(rows, meta);
    });
    app.get(`/admin/${kind}/:id`, { schema: { tags, summary: `Toutes entreprises : un élément (${LABELS[kind]})`, params: idParams, response: { 200: okSchema(acrossDetailSchema) } } }, async (request) =>
      ok(await acrossDetail(contextOf(request), kind, parseId(request.params.id))),
    );
  }
  app.post('/admin/surveys/:id/reject', { schema: { tags, summary: 'Rejeter un formulaire (modération), avec la raison', params: idParams, body: adminRejectSurveyBody, response: { 200: okSchema(acrossDetailSchema) } } }, async (request) =>
    ok(await rejectSurveyAsAdmin(contextOf(request), parseId(request.params.id), request.body.comment)),
  );
  app.post('/admin/surveys/:id/close', { schema: { tags, summary: 'Clôturer un formulaire (modération)', params: idParams, response: { 200: okSchema(acrossDetailSchema) } } }, async (request) =>
    ok(await closeSurveyAsAdmin(contextOf(request), parseId(request.params.id))),
  );
  app.get('/admin/overview', { schema: { tags, summary: 'Scores de la plateforme (par secteur, région, entreprise)', querystring: adminOverviewQuery, response: { 200: okSchema(adminOverviewSchema) } } }, async (request) =>
    ok(await platformOverview(contextOf(request), request.query)),
  );
}
