import { z } from 'zod';
import { recordId, recordIdSchema } from '@app/contracts';

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

export const createBookingBody = z.object({
  article_id: recordIdSchema('Choisissez un article.'),
  quantity: z.number({ message: 'La quantité est obligatoire.' }).int('La quantité est un nombre entier.').min(1, 'La quantité doit être au moins 1.').max(10_000),
  slot_at: z.iso.datetime({ offset: true, message: 'La date ou le créneau n’est pas valide.' }).optional(),
  note: z.string().max(1000).optional(),
});
export type CreateBookingInput = z.infer<typeof createBookingBody>;
