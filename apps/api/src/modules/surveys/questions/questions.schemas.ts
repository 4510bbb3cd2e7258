import { SURVEY_TARGET_KINDS } from '@app/contracts/surveys';
import { z } from 'zod';
import { recordId } from '@app/contracts';

const label = z.string().trim().min(1, "L'intitulé de la question est obligatoire").max(1000);
const help = z.string().trim().max(2000).nullable().optional();
const position = z.number().int().min(0).max(100_000).optional();
const defaultFor = z
  .enum(SURVEY_TARGET_KINDS, { message: 'Cible inconnue (agent, group, site, workspace, audience ou company)' })
  .optional();
/** Checked against the catalogue by the service, so the message can name the known types. */
const type = z.string().trim().min(1, 'Le type de question est obligatoire').max(40);
const settings = z.record(z.string(), z.unknown()).nullable().optional();
/** Checked by the service (survey-conditions) against the questions asked before. */
const condition = z.record(z.string(), z.unknown()).nullable().optional();

export const inlineChoice = z.object({
  label: z.string().trim().min(1, "L'intitulé du choix est obligatoire").max(500),
  value: z.string().trim().min(1).max(200).optional(),
  score: z.number().nullable().optional(),
});

export const createQuestionBody = z.object({
  /** A survey question lives in a step... */
  step_id: recordId.optional(),
  /** ...a company default question has a target kind instead. */
  default_for: defaultFor,
  label,
  help,
  type,
  required: z.boolean().optional(),
  /** Defaults to after the last question of the step. */
  position,
  settings,
  condition,
  category_id: recordId.nullable().optional(),
  /** Choices created with the question (choice types only). */
  choices: z.array(inlineChoice).max(200, 'Au plus 200 choix').optional(),
});

export const updateQuestionBody = z.object({
  /** Moves the question to another step of the same survey. */
  step_id: recordId.optional(),
  default_for: defaultFor,
  label: label.optional(),
  help,
  type: type.optional(),
  required: z.boolean().optional(),
  position,
  settings,
  condition,
  category_id: recordId.nullable().optional(),
});

export const reorderChoicesBody = z.object({ choice_ids: z.array(recordId).max(1000) });

export type CreateQuestionInput = z.infer<typeof createQuestionBody>;
export type UpdateQuestionInput = z.infer<typeof updateQuestionBody>;
export type InlineChoice = z.infer<typeof inlineChoice>;
