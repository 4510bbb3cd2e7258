import { randomInt } from 'node:crypto';
import { type CreateSiteInput, SITE_CODE_LENGTH, STRUCTURE_CODE_ALPHABET, type UpdateSiteInput } from '@app/contracts/structure';
import { and, eq } from 'drizzle-orm';
import { sites } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { createCrudService } from '../../../http/crud-service';
import { conflict, validationFailed } from '../../../http/errors';
import { requireCompany } from '../../tenancy/companies/tenancy';
import { siteQueryDef } from '../structure.queries';
import { assertOwnAgent, assertZone, structureCopyName } from '../structure-guards';
import { structureText } from '../structure.texts';

/** A random site code from the company-code alphabet. */
export function generateSiteCode(): string {
  let code = '';
  for (let i = 0; i < SITE_CODE_LENGTH; i++) code += STRUCTURE_CODE_ALPHABET[randomInt(STRUCTURE_CODE_ALPHABET.length)];
  return code;
}

async function codeTaken(ctx: RequestContext, companyId: number, code: string): Promise<boolean> {
  const [row] = await ctx.db.orm
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.company_id, companyId), eq(sites.code, code)));
  return Boolean(row);
}

/** The code asked for (409 when taken in the company), or a fresh one. */
async function pickCode(ctx: RequestContext, companyId: number, wanted?: string): Promise<string> {
  if (wanted) {
    if (await codeTaken(ctx, companyId, wanted)) {
      throw conflict(structureText(ctx.locale, 'siteCodeTaken'), 'duplicate_code');
    }
    return wanted;
  }
  for (;;) {
    const code = generateSiteCode();
    if (!(await codeTaken(ctx, companyId, code))) return code;
  }
}

async function checkReferences(ctx: RequestContext, input: UpdateSiteInput) {
  if (input.zone_id != null) await assertZone(ctx, input.zone_id, 'zone_id');
  if (input.manager_agent_id != null) await assertOwnAgent(ctx, input.manager_agent_id, 'manager_agent_id');
}

function siteValues(input: UpdateSiteInput): Record<string, unknown> {
  const keys = ['name', 'zone_id', 'address', 'latitude', 'longitude', 'geofence_radius_m', 'photo', 'manager_agent_id', 'status'] as const;
  return Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
}

/** Sites: the company's places, with a public code, a town, coordinates and a geofence. */
export const sitesService = createCrudService<CreateSiteInput, UpdateSiteInput>({
  def: siteQueryDef,
  table: sites,
  access: { list: 'permission', get: 'permission', create: 'permission', update: 'permission', delete: 'permission', duplicate: 'permission' },
  async prepareCreate(ctx, input) {
    const { companyId } = requireCompany(ctx);
    await checkReferences(ctx, input);
    return { ...siteValues(input), code: await pickCode(ctx, companyId, input.code) };
  },
  async prepareUpdate(ctx, input, existing) {
    const { companyId } = requireCompany(ctx);
    await checkReferences(ctx, input);
    if ((input.latitude === undefined) !== (input.longitude === undefined)) {
      throw validationFailed({ longitude: [structureText(ctx.locale, 'latitudeWithLongitude')] });
    }
    const values = siteValues(input);
    if (input.code !== undefined && input.code !== existing.code) values.code = await pickCode(ctx, companyId, input.code);
    return values;
  },
  async prepareDuplicate(ctx, existing) {
    const { companyId } = requireCompany(ctx);
    const { id: _id, company_id: _c, code: _code, created_at: _ca, updated_at: _ua, deleted_at: _d, ...rest } = existing;
    return { ...rest, name: structureCopyName(ctx, existing.name), code: await pickCode(ctx, companyId) };
  },
});
