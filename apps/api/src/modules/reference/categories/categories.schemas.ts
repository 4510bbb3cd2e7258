import { z } from 'zod';
import { recordId } from '@app/contracts';

export const CATEGORY_TYPES = ['article', 'company', 'question', 'step', 'template', 'feature'] as const;

const name = z.string().trim().min(2, 'Le nom doit contenir au moins 2 caractères').max(120);
const code = z
  .string()
  .trim()
  .min(1, 'Le code est obligatoire')
  .max(40)
  .regex(/^[a-z0-9-]+$/, 'Le code ne peut contenir que des lettres minuscules, des chiffres et des tirets');
const description = z.string().trim().max(2000).nullable().optional();
const parentId = recordId.nullable().optional();

export const createCategoryBody = z.object({
  type: z.enum(CATEGORY_TYPES, { message: 'Type de catégorie inconnu' }),
  name,
  code,
  description,
  parent_id: parentId,
});
export const updateCategoryBody = z.object({
  name: name.optional(),
  code: code.optional(),
  description,
  parent_id: parentId,
});

export type CreateCategoryInput = z.infer<typeof createCategoryBody>;
export type UpdateCategoryInput = z.infer<typeof updateCategoryBody>;
