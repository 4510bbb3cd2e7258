import type { AcrossKind } from '@app/contracts/admin-platform';
import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { requireAdmin } from '../../administration/admin-guard';
import { type AcrossQuery, findAcross, listAcross } from './admin-across.repository';
import { articleCategories } from './article-categories.repository';

/** Every company's objects of one kind, with their company (platform admin). */
export function listAcrossCompanies(ctx: RequestContext, kind: AcrossKind, query: AcrossQuery) {
  requireAdmin(ctx);
  return listAcross(ctx.db, kind, query);
}

/** One object of any company, with its facts and children (platform admin). */
export async function acrossDetail(ctx: RequestContext, kind: AcrossKind, id: number) {
  requireAdmin(ctx);
  const found = await findAcross(ctx.db, kind, id);
  if (!found) throw notFound("Cet élément n'existe pas ou a été supprimé.", 'not_found');
  return found;
}

/** mnt/articles and articles/categories: the article categories with their articles and bookings. */
export function listArticleCategories(ctx: RequestContext) {
  requireAdmin(ctx);
  return articleCategories(ctx.db);
}
