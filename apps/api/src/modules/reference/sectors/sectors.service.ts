import { createCrudService } from '../../../http/crud-service';
import { sectors } from '../../../db/schema';
import { sectorQueryDef } from './sectors.query';
import type { CreateSectorInput, UpdateSectorInput } from './sectors.schemas';

/** Business sectors: platform reference data, read by anyone, written by platform admins. */
export const sectorsService = createCrudService<CreateSectorInput, UpdateSectorInput>({
  def: sectorQueryDef,
  table: sectors,
  access: { list: 'public', get: 'public', create: 'admin', update: 'admin', delete: 'admin', duplicate: 'admin' },
  prepareCreate: (_ctx, input) => ({ name: input.name, code: input.code, description: input.description ?? null }),
  prepareUpdate: (_ctx, input) => ({ ...input }),
});
