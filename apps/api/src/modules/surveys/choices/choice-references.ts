import { collectConditionQuestionIds, type ConditionNode } from '@app/contracts/survey-conditions';
import { displayConditionSchema } from '@app/contracts/survey-condition-schema';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { questions } from '../../../db/schema';
import { questionRuleText } from '../questions/question-rules.texts';
import { conflict } from '../../../http/errors';

/** Whether a condition compares `questionId` with the choice `choiceId`. */
function comparesChoice(node: ConditionNode, questionId: number, choiceId: number): boolean {
  if ('all' in node) return node.all.some((n) => comparesChoice(n, questionId, choiceId));
  if ('any' in node) return node.any.some((n) => comparesChoice(n, questionId, choiceId));
  if (node.question_id !== questionId) return false;
  const values = Array.isArray(node.value) ? node.value : [node.value];
  return values.some((v) => String(v) === String(choiceId));
}

/** 409 when a display condition of the survey compares an answer with this choice. */
export async function assertNotReferencedChoice({ db, locale }: { db: Database; locale: string }, surveyId: number, questionId: number, choiceId: number): Promise<void> {
  const rows = await db.orm
    .select({ label: questions.label, condition: questions.condition })
    .from(questions)
    .where(eq(questions.survey_id, surveyId));
  for (const row of rows) {
    const parsed = row.condition == null ? null : displayConditionSchema.safeParse(row.condition);
    if (!parsed?.success) continue;
    if (!collectConditionQuestionIds(parsed.data).includes(questionId)) continue;
    if (comparesChoice(parsed.data, questionId, choiceId)) {
      throw conflict(questionRuleText(locale, 'conditionUsesChoice', { label: row.label }), 'condition_dependency');
    }
  }
}
