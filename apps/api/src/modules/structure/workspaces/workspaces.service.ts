import type { CreateWorkspaceInput, UpdateWorkspaceInput } from '@app/contracts/structure';
import { and, eq, like } from 'drizzle-orm';
import { sites, workspaces } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { createCrudService } from '../../../http/crud-service';
import { requireCompany } from '../../tenancy/companies/tenancy';
import { workspaceQueryDef } from '../structure.queries';
import { assertOwnReference, structureCopyName } from '../structure-guards';
import { structureText } from '../structure.texts';

const assertSite = (ctx: RequestContext, id: number) =>
  assertOwnReference(ctx, sites, id, 'site_id', structureText(ctx.locale, 'siteNotInCompany'));

/** A free code for a copy: CODE-2, CODE-3... */
async function copyCode(ctx: RequestContext, companyId: number, code: string): Promise<string> {
  const taken = new Set(
    (
      await ctx.db.orm
        .select({ code: workspaces.code })
        .from(workspaces)
        .where(and(eq(workspaces.company_id, companyId), like(workspaces.code, `${code}-%`)))
    ).map((r) => r.code),
  );
  for (let n = 2; ; n++) if (!taken.has(`${code}-${n}`)) return `${code}-${n}`;
}

/** Workspaces: places of work inside a site; the code is unique in the company. */
export const workspacesService = createCrudService<CreateWorkspaceInput, UpdateWorkspaceInput>({
  def: workspaceQueryDef,
  table: workspaces,
  access: { list: 'permission', get: 'permission', create: 'permission', update: 'permission', delete: 'permission', duplicate: 'permission' },
  async prepareCreate(ctx, input) {
    requireCompany(ctx);
    await assertSite(ctx, input.site_id);
    return { name: input.name, code: input.code, site_id: input.site_id, kind: input.kind ?? 'counter', status: input.status ?? 'active' };
  },
  async prepareUpdate(ctx, input) {
    if (input.site_id !== undefined) await assertSite(ctx, input.site_id);
    const keys = ['name', 'code', 'site_id', 'kind', 'status'] as const;
    return Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
  },
  async prepareDuplicate(ctx, existing) {
    const { companyId } = requireCompany(ctx);
    return {
      name: structureCopyName(ctx, existing.name),
      code: await copyCode(ctx, companyId, String(existing.code)),
      site_id: existing.site_id,
      kind: existing.kind,
      status: existing.status,
    };
  },
});
