import { z } from 'zod';
import { pathId } from './ids';

/** A feature on the admin's company page: in the package and/or granted to this company alone. */
export const adminCompanyFeatureSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** The package's limit (null: unlimited, or absent when `granted` is false). */
  limit: z.number().int().nullable(),
  granted: z.boolean().describe('La formule de l’entreprise comprend cette fonctionnalité'),
  company_grant: z.boolean().describe('Accordée à cette entreprise seule par un admin'),
  company_limit: z.number().int().nullable().describe('Limite de cet accord (null : illimitée)'),
});
export type AdminCompanyFeature = z.infer<typeof adminCompanyFeatureSchema>;

export const companyFeatureParams = z.object({ id: pathId, feature: pathId });
