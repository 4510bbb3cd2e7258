/**
 * The platform catalogue's reference data (issue 20): sectors of activity and the six kinds
 * of categories. Bodies of the API's sector and category routes, shared with the back
 * office's screens and with any screen that files a record under a category.
 */
import { z } from 'zod';
import { recordId } from './ids';

/** The kinds of category, each a tree of its own (a parent is always of the same kind). */
export const CATEGORY_TYPES = ['template', 'question', 'step', 'article', 'company', 'feature'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

/** The back office's address segment of each kind (`mnt/categories/{action}/{segment}`). */
export const CATEGORY_SEGMENTS: Record<CategoryType, string> = {
  template: 'templates',
  question: 'questions',
  step: 'steps',
  article: 'articles',
  company: 'companies',
  feature: 'features',
};

export const isCategoryType = (value: unknown): value is CategoryType => (CATEGORY_TYPES as readonly unknown[]).includes(value);

/** The kind whose address segment is `segment`, else null. */
export function categoryTypeOfSegment(segment: string | undefined): CategoryType | null {
  const found = CATEGORY_TYPES.find((type) => CATEGORY_SEGMENTS[type] === segment);
  return found ?? null;
}

const name = z.string().trim().min(2, 'Le nom doit contenir au moins 2 caractères').max(120, 'Le nom ne peut dépasser 120 caractères');
const code = z
  .string()
  .trim()
  .min(1, 'Le code est obligatoire')
  .max(40, 'Le code ne peut dépasser 40 caractères')
  .regex(/^[a-z0-9-]+$/, 'Le code ne peut contenir que des lettres minuscules, des chiffres et des tirets');
const description = z.string().trim().max(2000, 'La description ne peut dépasser 2000 caractères').nullable().optional();
const active = z.boolean({ message: 'Indiquez vrai ou faux' });

export const createSectorBody = z.object({ name, code, description, active: active.optional() });
export const updateSectorBody = z.object({ name: name.optional(), code: code.optional(), description, active: active.optional() });
export type CreateSectorInput = z.infer<typeof createSectorBody>;
export type UpdateSectorInput = z.infer<typeof updateSectorBody>;

export const createCategoryBody = z.object({
  type: z.enum(CATEGORY_TYPES, { message: 'Type de catégorie inconnu (template, question, step, article, company ou feature)' }),
  name,
  code,
  description,
  parent_id: recordId.nullable().optional(),
  active: active.optional(),
});
export const updateCategoryBody = z.object({
  name: name.optional(),
  code: code.optional(),
  description,
  parent_id: recordId.nullable().optional(),
  active: active.optional(),
});
export type CreateCategoryInput = z.infer<typeof createCategoryBody>;
export type UpdateCategoryInput = z.infer<typeof updateCategoryBody>;

/** `POST categories/reorder`: the new order of the children of one parent (null: the roots of `type`). */
export const reorderCategoriesBody = z.object({
  type: z.enum(CATEGORY_TYPES, { message: 'Type de catégorie inconnu' }),
  parent_id: recordId.nullable(),
  ids: z.array(recordId).min(1, 'Donnez au moins une catégorie').max(500, 'Au plus 500 catégories à la fois'),
});
export type ReorderCategoriesInput = z.infer<typeof reorderCategoriesBody>;

/** `POST categories/{id}/objects`: records of the category's kind to file under it. */
export const fileUnderCategoryBody = z.object({
  ids: z.array(recordId).min(1, 'Choisissez au moins un élément').max(200, 'Au plus 200 éléments à la fois'),
});

/** `PUT categories/{id}/features/{feature}`: the limit a company category gives (null: unlimited). */
export const categoryFeatureBody = z.object({
  limit_value: z.number({ message: 'La limite doit être un nombre' }).int('La limite doit être un nombre entier').min(0, 'La limite ne peut être négative').max(2147483647, 'Limite trop grande').nullable(),
});

/** A category as the routes answer it (`GET categories/tree/{type}` nests `children`). */
export interface CategoryNode {
  id: number;
  type: CategoryType;
  name: string;
  code: string;
  description: string | null;
  parent_id: number | null;
  position: number;
  active: boolean;
  /** Records of the category's kind filed directly under it. */
  objects: number;
  children: CategoryNode[];
}

/** One record filed under a category (`GET categories/{id}/objects`). */
export interface CategoryObjectRow {
  id: number;
  label: string;
  /** Where it lives: the company, or the survey / template it belongs to. */
  context: string | null;
  company_id: number | null;
  status: string | null;
}

/** A feature with what a company category gives of it (`GET categories/{id}/features`). */
export interface CategoryFeatureRow {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  included: boolean;
  limit_value: number | null;
}

/** A sector with its number of companies (`GET sectors/{id}/companies` meta, sector detail). */
export interface SectorCompanyRow {
  id: number;
  name: string;
  code: string;
  status: string;
  town: string | null;
  created_at: string;
}
