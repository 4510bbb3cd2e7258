import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../http/actor';
import { parseQueryObject, runListQuery } from '../../http/query';
import type { ResourceQueryDef } from '../../http/query/resource-def';
import { requireCompany } from '../tenancy/companies/tenancy';

/**
 * A list of `def` narrowed to the rows of one parent (a site's agents, a group's
 * members...), with the whole query object still available. The narrowing is a
 * `rowFilter` of a per-request copy of the definition, so includes and wherehas see it.
 */
export async function listWithin(
  ctx: RequestContext,
  def: ResourceQueryDef,
  rawQuery: unknown,
  within: (alias: string) => SQL,
) {
  const { companyId } = requireCompany(ctx);
  const own = def.rowFilter;
  const narrowed: ResourceQueryDef = {
    ...def,
    rowFilter: (alias) => (own ? sql`(${own(alias)}) AND (${within(alias)})` : within(alias)),
  };
  return runListQuery(ctx.db, narrowed, parseQueryObject(rawQuery, narrowed), { companyId, userId: ctx.actor?.userId ?? null });
}

/** `"t"."id"` for the alias the engine gives the listed table. */
export function aliasColumn(alias: string, column: string): SQL {
  return sql.raw(`"${alias}"."${column}"`);
}
