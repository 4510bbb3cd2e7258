import { createChoice, createQuestion, deleteChoice, type QuestionFields, updateChoice, updateQuestion } from '../api/structure.api';
import type { Question } from '../survey.types';
import { type ChoiceDraft, planChoiceSync } from './choice-sync';
import { hasChoices } from './settings-model';

/** Where a new question goes: a step of a survey, or the default questions of a target kind. */
export type QuestionPlacement = { step_id: number; position?: number } | { default_for: NonNullable<Question['default_for']>; position?: number };

export interface SaveQuestionRequest {
  existing: Question | null;
  placement: QuestionPlacement;
  fields: QuestionFields;
  choices: ChoiceDraft[];
}

/**
 * Saves a question. A new one is created with its choices in one call; an existing one
 * is updated, then its choices are brought in line with the editor: deletions first
 * (a renamed row may take a freed value), then updates, then new rows. A type without
 * choices drops the ones it had.
 */
export async function saveQuestion({ existing, placement, fields, choices }: SaveQuestionRequest): Promise<Question> {
  const rows = hasChoices(fields.type) ? choices : [];
  if (!existing) {
    const inline = rows.map((c) => ({ label: c.label.trim(), value: c.value.trim() || undefined, score: c.score }));
    return createQuestion({ ...placement, ...fields, ...(inline.length ? { choices: inline } : {}) });
  }
  const question = await updateQuestion(existing.id, fields);
  const plan = planChoiceSync(existing.choices ?? [], rows);
  for (const id of plan.remove) await deleteChoice(id);
  for (const { id, ...values } of plan.update) await updateChoice(id, values);
  for (const values of plan.create) await createChoice({ question_id: existing.id, ...values });
  return question;
}
