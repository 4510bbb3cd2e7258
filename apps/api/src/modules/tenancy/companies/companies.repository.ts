import { COMPANY_ROLES, OWNER_ROLE_SLUG } from '@app/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { agentRoles, companies, roles, sectors, zones } from '../../../db/schema';
import { grantDefinedPermissions } from '../../../db/seed/permissions';
import { AppError, validationFailed } from '../../../http/errors';
import { generateCompanyCode, normalizeCompanyCode } from './company-code';
import type { RequestContext } from '../../../http/actor';
import { tenancyText } from '../tenancy.texts';

export type CompanyRow = typeof companies.$inferSelect;
type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'code'>;

const CODE_ATTEMPTS = 8;

/** Inserts a company under a fresh unique code (retrying on the rare collision). */
export async function insertCompany(tx: Database, values: CompanyValues): Promise<CompanyRow> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const [row] = await tx.orm
      .insert(companies)
      .values({ ...values, code: generateCompanyCode() })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new AppError(503, 'code_exhausted');
}

/** Creates the roles every company starts with; returns the owner role's id. */
export async function createCompanyRoles(tx: Database, companyId: number): Promise<number> {
  let ownerId = 0;
  for (const definition of COMPANY_ROLES) {
    const [role] = await tx.orm
      .insert(roles)
      .values({
        company_id: companyId,
        name: definition.name,
        slug: definition.slug,
        description: definition.description,
        is_owner: definition.isOwner,
      })
      .returning({ id: roles.id });
    await grantDefinedPermissions(tx, role.id, definition);
    if (definition.slug === OWNER_ROLE_SLUG) ownerId = role.id;
  }
  return ownerId;
}

export async function grantAgentRole(tx: Database, agentId: number, roleId: number): Promise<void> {
  await tx.orm.insert(agentRoles).values({ agent_id: agentId, role_id: roleId }).onConflictDoNothing();
}

/** A live company by id (deleted ones are absent). */
export async function findCompany(db: Database, id: number): Promise<CompanyRow | null> {
  const [row] = await db.orm.select().from(companies).where(and(eq(companies.id, id), isNull(companies.deleted_at)));
  return row ?? null;
}

/** What anyone may learn from a company code (public links, QR codes, join requests). */
export interface PublicCompany {
  id: number;
  name: string;
  code: string;
  logo: string | null;
  sector_id: number | null;
  zone_id: number | null;
}

/** The active company with this public code, or null. */
export async function findPublicCompanyByCode(db: Database, code: string): Promise<PublicCompany | null> {
  const [row] = await db.orm
    .select({
      id: companies.id,
      name: companies.name,
      code: companies.code,
      logo: companies.logo,
      sector_id: companies.sector_id,
      zone_id: companies.zone_id,
    })
    .from(companies)
    .where(and(eq(companies.code, normalizeCompanyCode(code)), isNull(companies.deleted_at), eq(companies.status, 'active')));
  return row ?? null;
}

export async function updateCompanyRow(db: Database, id: number, values: Partial<CompanyRow>): Promise<boolean> {
  const updated = await db.orm
    .update(companies)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(companies.id, id), isNull(companies.deleted_at)))
    .returning({ id: companies.id });
  return updated.length > 0;
}

/**
 * 422 unless the referenced sector and zone exist. A deactivated sector is hidden from new
 * choices: refused unless it is already the sector of `companyId` (the company keeps it).
 */
export async function assertCompanyReferences(
  { db, locale }: Pick<RequestContext, 'db' | 'locale'>,
  input: { sector_id?: number | null; zone_id?: number | null },
  companyId?: number,
) {
  const problems: Record<string, string[]> = {};
  if (input.sector_id != null) {
    const [row] = await db.orm.select({ id: sectors.id, active: sectors.active }).from(sectors).where(eq(sectors.id, input.sector_id));
    if (!row) problems.sector_id = [tenancyText(locale, 'unknownSector')];
    else if (!row.active && !(companyId !== undefined && (await hasSector(db, companyId, row.id)))) {
      problems.sector_id = [tenancyText(locale, 'retiredSector')];
    }
  }
  if (input.zone_id != null) {
    const [row] = await db.orm.select({ id: zones.id }).from(zones).where(eq(zones.id, input.zone_id));
    if (!row) problems.zone_id = [tenancyText(locale, 'unknownZone')];
  }
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
}

async function hasSector(db: Database, companyId: number, sectorId: number): Promise<boolean> {
  const [row] = await db.orm.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), eq(companies.sector_id, sectorId)));
  return row !== undefined;
}
