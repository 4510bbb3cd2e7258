import type { AcrossKind, AdminListQuery } from '@app/contracts/admin-platform';
import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { requireAdmin } from '../../identity/users/users.service';
import { findAcross, listAcross } from './admin-across.repository';

/** Every company's objects of one kind, with their company (platform admin). */
export function listAcrossCompanies(ctx: RequestContext, kind: AcrossKind, query: AdminListQuery) {
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
