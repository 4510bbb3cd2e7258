import { z } from 'zod';
import { recordId } from './ids';

/** A company's goods and services (DOMAIN.md "Commerce"): the one form of the article screen and the API. */

/** What POST articles/{id}/photos stored (`articles/{id}/photos/{media}`); sent back to reorder or drop photos. */
const photo = z
  .string()
  .max(300)
  .regex(/^articles\/[1-9][0-9]{0,9}\/photos\/[1-9][0-9]{0,9}$/, 'Une photo s’ajoute par POST articles/{id}/photos.');

export const createArticleBody = z.object({
  name: z.string().trim().min(2, 'Le nom doit contenir au moins 2 caractères.').max(160),
  description: z.string().max(4000).optional(),
  kind: z.enum(['good', 'service'], { message: 'Type attendu : good (bien) ou service.' }).optional(),
  category_id: recordId.optional(),
  price: z.number({ message: 'Le prix est obligatoire.' }).int('Le prix est en unités entières (ex. 1500 pour 1 500 XAF).').min(0).max(2_000_000_000),
  /** Units in stock (goods) or places (services); absent: unlimited. */
  stock: z.number().int('Le stock est un nombre entier.').min(0, 'Le stock ne peut pas être négatif.').max(10_000_000).nullable().optional(),
  active: z.boolean().optional(),
});
export type CreateArticleInput = z.infer<typeof createArticleBody>;

export const updateArticleBody = createArticleBody.extend({ photos: z.array(photo).max(6, 'Six photos au plus.') }).partial();
export type UpdateArticleInput = z.infer<typeof updateArticleBody>;
