import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { agents, zones } from '../../db/schema';
import type { RequestContext } from '../../http/actor';
import { copyName } from '../../http/copy-name';
import { validationFailed } from '../../http/errors';
import { requireCompany } from '../tenancy/companies/tenancy';
import { structureText } from './structure.texts';

type OwnedTable = PgTable & { id: PgColumn; company_id: PgColumn; deleted_at?: PgColumn };

/**
 * A row named in a request body must belong to the caller's company; anything else
 * reads as unknown (422 on that field), never as another company's row.
 */
export async function assertOwnReference(
  ctx: RequestContext,
  table: OwnedTable,
  id: number,
  field: string,
  message: string,
): Promise<Record<string, unknown>> {
  const { companyId } = requireCompany(ctx);
  const conditions: SQL[] = [eq(table.id, id), eq(table.company_id, companyId)];
  if (table.deleted_at) conditions.push(isNull(table.deleted_at));
  const [row] = await ctx.db.orm.select().from(table as PgTable).where(and(...conditions));
  if (!row) throw validationFailed({ [field]: [message] });
  return row as Record<string, unknown>;
}

/** An agent of the caller's company, or 422 on `field`. */
export function assertOwnAgent(ctx: RequestContext, id: number, field: string) {
  return assertOwnReference(ctx, agents, id, field, structureText(ctx.locale, 'agentNotInCompany'));
}

/** A zone of the reference tree of one of the given types, or 422 on `field`. */
export async function assertZone(ctx: RequestContext, id: number, field: string, types: readonly string[] = ['town']) {
  const [zone] = await ctx.db.orm.select({ id: zones.id, type: zones.type }).from(zones).where(eq(zones.id, id));
  if (!zone) throw validationFailed({ [field]: [structureText(ctx.locale, 'zoneNotFound')] });
  if (!types.includes(zone.type)) throw validationFailed({ [field]: [structureText(ctx.locale, 'chooseTown')] });
  return zone;
}

/** A copy's name in the duplicating person's language, kept under the structure names' limit. */
export function structureCopyName(ctx: RequestContext, name: unknown): string {
  return copyName(ctx.locale, name, 120);
}
