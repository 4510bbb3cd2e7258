import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { getOne, parseQueryObject, runListQuery } from '../../../http/query';
import { requireActor } from '../companies/tenancy';
import { permissionQueryDef } from './permissions.query';

const everywhere = { companyId: null };

/** The permission catalogue; not secret, so any signed-in caller (the role editor) reads it. */
export async function listPermissions(ctx: RequestContext, rawQuery: unknown) {
  requireActor(ctx);
  return runListQuery(ctx.db, permissionQueryDef, parseQueryObject(rawQuery, permissionQueryDef), everywhere);
}

export async function getPermission(ctx: RequestContext, id: number) {
  requireActor(ctx);
  const row = await getOne(ctx.db, permissionQueryDef, id, everywhere);
  if (!row) throw notFound();
  return row;
}
