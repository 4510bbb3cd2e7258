import type { CreatePoleInput, UpdatePoleInput } from '@app/contracts/structure';
import { pointerests } from '../../../db/schema';
import { createCrudService } from '../../../http/crud-service';
import { requireCompany } from '../../tenancy/companies/tenancy';
import { poleQueryDef } from '../structure.queries';

/** Poles (`pointerests`): the company's organisational poles, each the root of a node tree. */
export const polesService = createCrudService<CreatePoleInput, UpdatePoleInput>({
  def: poleQueryDef,
  table: pointerests,
  access: { list: 'permission', get: 'permission', create: 'permission', update: 'permission', delete: 'permission', duplicate: 'permission' },
  prepareCreate(ctx, input) {
    requireCompany(ctx);
    return { name: input.name, description: input.description ?? null };
  },
  prepareUpdate(_ctx, input) {
    return {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
    };
  },
});
