import {
  CATEGORY_TYPES,
  type CategoryFeatureRow,
  type CategoryNode,
  type CategoryObjectRow,
  type SectorCompanyRow,
} from '@app/contracts/catalogue';
import { z } from 'zod';

/**
 * The catalogue routes' answers beyond the resource routes (contracts catalogue.ts) as zod
 * schemas, declared as the sector and category routes' responses, each checked against the
 * contract's interface the back office reads. Raw statements give instants as Date
 * objects, which the serialiser writes as ISO strings: `instant` takes either.
 */
const instant = z.union([z.date(), z.string()]).describe('Instant ISO 8601 en UTC');
const id = z.number().int();

/** GET sectors/{id}/companies: one company of the sector. */
export const sectorCompanyRowSchema = z.object({
  id,
  name: z.string(),
  code: z.string(),
  status: z.string(),
  town: z.string().nullable(),
  created_at: instant,
}) satisfies z.ZodType<Omit<SectorCompanyRow, 'created_at'> & { created_at: Date | string }>;

/**
 * A node of a category tree (GET categories/tree/{type}, POST categories/reorder), its
 * subcategories nested in `children`. `objects` (records filed directly under it) is given
 * to platform admins only. Registered under an id so the document names it once and the
 * recursion is a reference to itself.
 */
export const categoryNodeSchema: z.ZodType<CategoryNode> = z
  .object({
    id,
    type: z.enum(CATEGORY_TYPES),
    name: z.string(),
    code: z.string(),
    description: z.string().nullable(),
    parent_id: id.nullable(),
    position: z.number().int(),
    active: z.boolean(),
    objects: z.number().int().optional().describe('Éléments rangés directement dans la catégorie (administrateurs de la plateforme)'),
    get children(): z.ZodArray<z.ZodType<CategoryNode>> {
      return z.array(categoryNodeSchema);
    },
  })
  .meta({ id: 'CategoryNode' }) as z.ZodType<CategoryNode>;

/** GET categories/{id}/objects: one record of the category's kind. */
export const categoryObjectRowSchema = z.object({
  id,
  label: z.string(),
  context: z.string().nullable().describe('Où vit l’élément : l’entreprise, le formulaire ou le modèle'),
  company_id: id.nullable(),
  status: z.string().nullable(),
}) satisfies z.ZodType<CategoryObjectRow>;

/** POST categories/{id}/objects: how many records were filed. */
export const categoryFiledSchema = z.object({ filed: z.number().int() });

/** GET categories/{id}/features: a feature and what the company category gives of it. */
export const categoryFeatureRowSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  included: z.boolean(),
  limit_value: z.number().int().nullable().describe('Limite donnée (null : illimitée, ou non donnée)'),
}) satisfies z.ZodType<CategoryFeatureRow>;

/** GET/PUT categories/{id}/features/{feature}: the feature, and how many companies the category reaches. */
export const categoryFeatureSchema = categoryFeatureRowSchema.extend({
  companies: z.number().int().describe('Entreprises rangées dans la catégorie ou ses sous-catégories'),
});
