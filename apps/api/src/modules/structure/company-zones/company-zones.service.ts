import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { companyZones, zones } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { assertZone } from '../structure-guards';

const ZONE_TYPES = ['country', 'region', 'district', 'town'] as const;
/** `{type}` of `zones/{type}/parent/{parent}`: a zone kind, singular or plural. */
const TYPE_ALIASES: Record<string, (typeof ZONE_TYPES)[number]> = {
  country: 'country',
  countries: 'country',
  region: 'region',
  regions: 'region',
  district: 'district',
  districts: 'district',
  town: 'town',
  towns: 'town',
};

/** The zones of one kind directly under a parent zone (reference data, public). */
export async function listZoneChildren(ctx: RequestContext, type: string, parentId: number) {
  const kind = TYPE_ALIASES[type];
  if (!kind) throw notFound();
  return ctx.db.orm
    .select({ id: zones.id, type: zones.type, name: zones.name, code: zones.code, parent_id: zones.parent_id })
    .from(zones)
    .where(and(eq(zones.parent_id, parentId), eq(zones.type, kind)))
    .orderBy(asc(zones.name));
}

/** The zones the company works in, with their parent's name; read by whoever reads sites. */
export async function listCompanyZones(ctx: RequestContext, permission = 'sites.list') {
  requirePermission(ctx, permission);
  const { companyId } = requireCompany(ctx);
  const rows = await ctx.db.rows<Record<string, unknown>>(sql`SELECT z.id, z.type, z.name, z.code, z.parent_id, p.name AS parent_name
    FROM company_zones cz JOIN zones z ON z.id = cz.zone_id LEFT JOIN zones p ON p.id = z.parent_id
    WHERE cz.company_id = ${companyId} ORDER BY z.type, z.name`);
  return rows;
}

/** Adds a zone to the company's (locations.manage); adding twice changes nothing. */
export async function addCompanyZone(ctx: RequestContext, zoneId: number) {
  requirePermission(ctx, 'locations.manage');
  const { companyId } = requireCompany(ctx);
  await assertZone(ctx, zoneId, 'zone_id', ZONE_TYPES);
  await ctx.db.orm.insert(companyZones).values({ company_id: companyId, zone_id: zoneId }).onConflictDoNothing();
  return listCompanyZones(ctx, 'locations.manage');
}

export async function removeCompanyZone(ctx: RequestContext, zoneId: number) {
  requirePermission(ctx, 'locations.manage');
  const { companyId } = requireCompany(ctx);
  const where: SQL = and(eq(companyZones.company_id, companyId), eq(companyZones.zone_id, zoneId))!;
  const removed = await ctx.db.orm.delete(companyZones).where(where).returning({ zone_id: companyZones.zone_id });
  if (removed.length === 0) throw notFound();
  return listCompanyZones(ctx, 'locations.manage');
}

