import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { createCrudService } from '../../../http/crud-service';
import { validationFailed } from '../../../http/errors';
import { zones } from '../../../db/schema';
import { referenceText } from '../reference.texts';
import { zoneQueryDef } from './zones.query';
import { checkZoneParent } from './zones.rules';
import type { CreateZoneInput, UpdateZoneInput, ZoneType } from './zones.schemas';

async function findParentType(ctx: RequestContext, parentId: number): Promise<ZoneType> {
  const [parent] = await ctx.db.orm.select({ type: zones.type }).from(zones).where(eq(zones.id, parentId));
  if (!parent) throw validationFailed({ parent_id: [referenceText(ctx.locale, 'zoneParentMissing')] });
  return parent.type;
}

async function assertParent(ctx: RequestContext, type: ZoneType, parentId: number | null, selfId?: number) {
  if (selfId !== undefined && parentId === selfId) {
    throw validationFailed({ parent_id: [referenceText(ctx.locale, 'zoneOwnParent')] });
  }
  const parentType = parentId === null ? null : await findParentType(ctx, parentId);
  const problem = checkZoneParent(type, parentType, ctx.locale);
  if (problem) throw validationFailed({ parent_id: [problem] });
}

/** Zones: platform reference data, read by anyone, written by platform admins. */
export const zonesService = createCrudService<CreateZoneInput, UpdateZoneInput>({
  def: zoneQueryDef,
  table: zones,
  access: {
    list: 'public',
    get: 'public',
    create: 'admin',
    update: 'admin',
    delete: 'admin',
    duplicate: 'admin',
  },
  async prepareCreate(ctx, input) {
    const parentId = input.parent_id ?? null;
    await assertParent(ctx, input.type, parentId);
    return { type: input.type, name: input.name, code: input.code.toUpperCase(), parent_id: parentId };
  },
  async prepareUpdate(ctx, input, existing) {
    if (input.parent_id !== undefined) {
      await assertParent(ctx, existing.type as ZoneType, input.parent_id, existing.id as number);
    }
    return {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.code !== undefined && { code: input.code.toUpperCase() }),
      ...(input.parent_id !== undefined && { parent_id: input.parent_id }),
    };
  },
});
