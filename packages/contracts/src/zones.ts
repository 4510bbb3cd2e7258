/** Reference zones (country, region, district, town): the API's bodies and the French kind names. */
import { z } from 'zod';
import { recordId } from './ids';

export const ZONE_TYPES = ['country', 'region', 'district', 'town'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

/** The French names of zone kinds, as the description shows them. */
export const ZONE_TYPE_LABELS: Record<ZoneType, string> = {
  country: 'Pays',
  region: 'Région',
  district: 'Département',
  town: 'Ville',
};

const name = z.string().trim().min(2, 'Le nom doit contenir au moins 2 caractères').max(120);
const code = z
  .string()
  .trim()
  .min(1, 'Le code est obligatoire')
  .max(30)
  .regex(/^[A-Za-z0-9-]+$/, 'Le code ne peut contenir que des lettres, des chiffres et des tirets');

export const createZoneBody = z.object({
  type: z.enum(ZONE_TYPES, { message: 'Type de zone inconnu (country, region, district ou town)' }),
  name,
  code,
  parent_id: recordId.nullable().optional(),
});

export const updateZoneBody = z.object({
  name: name.optional(),
  code: code.optional(),
  parent_id: recordId.nullable().optional(),
});

export type CreateZoneInput = z.infer<typeof createZoneBody>;
export type UpdateZoneInput = z.infer<typeof updateZoneBody>;
