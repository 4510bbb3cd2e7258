import { z } from 'zod';
import { recordId, recordIdSchema } from '@app/contracts';

const title = z.string().trim().min(1, "Le titre de l'étape est obligatoire").max(200);
const description = z.string().trim().max(5000).nullable().optional();
const position = z.number().int().min(0).max(100_000).optional();

export const createStepBody = z.object({
  survey_id: recordIdSchema('Le formulaire est obligatoire'),
  title,
  description,
  /** Defaults to after the last step. */
  position,
});

export const updateStepBody = z.object({ title: title.optional(), description, position });

export const stateBody = z
  .object({ state: z.enum(['active', 'inactive'], { message: "L'état doit être active ou inactive" }).optional() })
  .nullish();

export const reorderQuestionsBody = z.object({
  question_ids: z.array(recordId).max(1000),
});

export type CreateStepInput = z.infer<typeof createStepBody>;
export type UpdateStepInput = z.infer<typeof updateStepBody>;
