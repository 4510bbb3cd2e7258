import type { CreateContactInput, UpdateContactInput } from '@app/contracts/structure';
import { contacts } from '../../../db/schema';
import { createCrudService } from '../../../http/crud-service';
import { requireCompany } from '../../tenancy/companies/tenancy';
import { contactQueryDef } from '../structure.queries';
import { assertZone } from '../structure-guards';

const ZONE_TYPES = ['country', 'region', 'district', 'town'];
const KEYS = ['name', 'organisation', 'phone', 'email', 'notes', 'zone_id'] as const;

/** Contacts: the company's address book (name, organisation, phone, e-mail, notes). */
export const contactsService = createCrudService<CreateContactInput, UpdateContactInput>({
  def: contactQueryDef,
  table: contacts,
  access: { list: 'permission', get: 'permission', create: 'permission', update: 'permission', delete: 'permission', duplicate: 'permission' },
  async prepareCreate(ctx, input) {
    requireCompany(ctx);
    if (input.zone_id != null) await assertZone(ctx, input.zone_id, 'zone_id', ZONE_TYPES);
    return Object.fromEntries(KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
  },
  async prepareUpdate(ctx, input) {
    if (input.zone_id != null) await assertZone(ctx, input.zone_id, 'zone_id', ZONE_TYPES);
    return Object.fromEntries(KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
  },
});
