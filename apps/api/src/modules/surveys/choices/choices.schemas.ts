import { z } from 'zod';
import { recordIdSchema } from '@app/contracts';

const label = z.string().trim().min(1, "L'intitulé du choix est obligatoire").max(500);
const value = z.string().trim().min(1, 'La valeur ne peut pas être vide').max(200);

export const createChoiceBody = z.object({
  question_id: recordIdSchema('La question est obligatoire'),
  label,
  /** The code stored in exports; the label when absent. */
  value: value.optional(),
  /** Defaults to after the last choice. */
  position: z.number().int().min(0).max(100_000).optional(),
  score: z.number().nullable().optional(),
});

export const updateChoiceBody = z.object({
  label: label.optional(),
  value: value.optional(),
  position: z.number().int().min(0).max(100_000).optional(),
  score: z.number().nullable().optional(),
});

export type CreateChoiceInput = z.infer<typeof createChoiceBody>;
export type UpdateChoiceInput = z.infer<typeof updateChoiceBody>;
