import type { ListMeta } from '@app/contracts';
import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { createCrudService } from '../../../http/crud-service';
import { conflict } from '../../../http/errors';
import { sectors } from '../../../db/schema';
import { referenceCount } from '../reference.texts';
import { audit, pick } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import { countSectorCompanies, listSectorCompanies } from './sectors.repository';
import { sectorQueryDef } from './sectors.query';
import type { CreateSectorInput, UpdateSectorInput } from './sectors.schemas';

const AUDITED = ['name', 'code', 'description', 'active'] as const;

const crud = createCrudService<CreateSectorInput, UpdateSectorInput>({
  def: sectorQueryDef,
  table: sectors,
  access: { list: 'public', get: 'public', create: 'admin', update: 'admin', delete: 'admin', duplicate: 'admin' },
  prepareCreate: (_ctx, input) => ({ name: input.name, code: input.code, description: input.description ?? null, active: input.active ?? true }),
  prepareUpdate: (_ctx, input) => ({ ...input }),
});

/**
 * Business sectors: platform reference data, read by anyone, written by platform admins.
 * A sector companies belong to is never deleted: it is deactivated (hidden from new
 * choices, kept on the companies that have it).
 */
export const sectorsService: typeof crud = {
  ...crud,
  async create(ctx, input) {
    return audited(ctx, async (tx) => {
      const row = await crud.create(tx, input);
      await audit(tx, { action: 'sector.created', objectType: 'sector', objectId: row.id as number, after: pick(row, AUDITED) });
      return row;
    });
  },
  async update(ctx, id, input) {
    authorize(ctx.actor, 'admin', 'sectors', 'update');
    const before = await crud.get(ctx, id);
    return audited(ctx, async (tx) => {
      const row = await crud.update(tx, id, input);
      await audit(tx, { action: 'sector.updated', objectType: 'sector', objectId: id, before: pick(before, AUDITED), after: pick(row, AUDITED) });
      return row;
    });
  },
  async remove(ctx, id) {
    authorize(ctx.actor, 'admin', 'sectors', 'delete');
    const existing = await crud.get(ctx, id);
    const used = await countSectorCompanies(ctx.db, id);
    if (used > 0) {
      throw conflict(referenceCount(ctx.locale, 'sectorInUse', used), 'sector_in_use');
    }
    await audited(ctx, async (tx) => {
      await crud.remove(tx, id);
      await audit(tx, { action: 'sector.deleted', objectType: 'sector', objectId: id, before: pick(existing, AUDITED) });
    });
  },
};

/** `GET sectors/{id}/companies`: the sector's companies, one page (platform admins). */
export async function listCompaniesOfSector(ctx: RequestContext, id: number, filter: { q?: string; page: number; limit: number }) {
  authorize(ctx.actor, 'admin', 'sectors', 'show');
  await crud.get(ctx, id);
  const { rows, total } = await listSectorCompanies(ctx.db, id, filter);
  const meta: ListMeta = { limit: filter.limit, page: filter.page, start: (filter.page - 1) * filter.limit, has_more: filter.page * filter.limit < total, total };
  return { rows, meta };
}
