import { z } from 'zod';

const name = z.string().trim().min(2, 'Le nom doit contenir au moins 2 caractères').max(120);
const code = z
  .string()
  .trim()
  .min(1, 'Le code est obligatoire')
  .max(40)
  .regex(/^[a-z0-9-]+$/, 'Le code ne peut contenir que des lettres minuscules, des chiffres et des tirets');
const description = z.string().trim().max(2000).nullable().optional();

export const createSectorBody = z.object({ name, code, description });
export const updateSectorBody = z.object({ name: name.optional(), code: code.optional(), description });

export type CreateSectorInput = z.infer<typeof createSectorBody>;
export type UpdateSectorInput = z.infer<typeof updateSectorBody>;
