import { idParams } from '@app/contracts';
import { ACROSS_KINDS, type AcrossKind, adminListQuery, adminOverviewQuery } from '@app/contracts/admin-platform';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { adminOnlyRoutes } from '../../../http/route-access';
import { acrossDetail, listAcrossCompanies } from './admin-across.service';
import { platformOverview } from './admin-overview.service';

const tags = ['admin'];
const LABELS: Record<AcrossKind, string> = { sites: 'sites', workspaces: 'espaces de travail', groups: 'groupes', reports: 'évaluations de supervision', audiences: 'audiences', contacts: 'contacts' };

/** mnt sites, workspaces, groups, reports, conversations/audiences and contacts (every company's, with its company), and mnt/overview. */
export async function adminAcrossRoutes(parent: FastifyInstance) {
  adminOnlyRoutes(parent);
  const app = parent.withTypeProvider<ZodTypeProvider>();
  for (const kind of ACROSS_KINDS) {
    app.get(`/admin/${kind}`, { schema: { tags, summary: `Toutes entreprises : ${LABELS[kind]}`, querystring: adminListQuery } }, async (request) => {
      const { rows, meta } = await listAcrossCompanies(contextOf(request), kind, request.query);
      return okList(rows, meta);
    });
    app.get(`/admin/${kind}/:id`, { schema: { tags, summary: `Toutes entreprises : un élément (${LABELS[kind]})`, params: idParams } }, async (request) =>
      ok(await acrossDetail(contextOf(request), kind, parseId(request.params.id))),
    );
  }
  app.get('/admin/overview', { schema: { tags, summary: 'Scores de la plateforme (par secteur, région, entreprise)', querystring: adminOverviewQuery } }, async (request) =>
    ok(await platformOverview(contextOf(request), request.query)),
  );
}
