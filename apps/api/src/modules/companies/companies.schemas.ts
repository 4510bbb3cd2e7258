import { EMAIL_PATTERN } from '@app/contracts';
import { z } from 'zod';

const name = z.string().trim().min(2, 'Le nom doit contenir au moins 2 caractères').max(160);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const email = z.string().trim().regex(EMAIL_PATTERN, "L'adresse e-mail n'est pas valide").nullable().optional();
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 .-]{6,20}$/, "Le numéro de téléphone n'est pas valide")
  .nullable()
  .optional();
const ref = z.number().int().positive().nullable().optional();

/** `status`, `code` and `created_by` are not accepted: unknown keys are dropped. */
export const createCompanyBody = z.object({
  name,
  sector_id: ref,
  zone_id: ref,
  address: optionalText(300),
  email,
  phone,
  logo: optionalText(500),
});

export const updateCompanyBody = createCompanyBody.partial();

export const requestToJoinBody = z
  .object({
    message: optionalText(1000),
    job: optionalText(120),
  })
  .nullish();

export type CreateCompanyInput = z.infer<typeof createCompanyBody>;
export type UpdateCompanyInput = z.infer<typeof updateCompanyBody>;
export type RequestToJoinInput = z.infer<typeof requestToJoinBody>;
