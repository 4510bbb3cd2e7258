import { z } from 'zod';
import { instantSchema, recordIdSchema } from '@app/contracts';

export { createArticleBody, updateArticleBody, type CreateArticleInput, type UpdateArticleInput } from '@app/contracts';

export const createBookingBody = z.object({
  article_id: recordIdSchema('Choisissez un article.'),
  quantity: z.number({ message: 'La quantité est obligatoire.' }).int('La quantité est un nombre entier.').min(1, 'La quantité doit être au moins 1.').max(10_000),
  slot_at: instantSchema('La date ou le créneau n’est pas valide.').optional(),
  note: z.string().max(1000).optional(),
});
export type CreateBookingInput = z.infer<typeof createBookingBody>;
