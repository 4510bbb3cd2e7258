import { isChoiceQuestionType } from '@app/contracts/survey-question-types';
import type { Question } from '../survey.types';
import { toDraft } from './condition-model';

type Translate = (key: string, values?: Record<string, unknown>) => string;

function describeValue(value: unknown, question: Question | undefined, t: Translate): string {
  const list = Array.isArray(value) ? value : [value];
  const parts = list.map((item) => {
    if (question && isChoiceQuestionType(question.type)) {
      return question.choices?.find((c) => String(c.id) === String(item))?.label ?? String(item);
    }
    if (typeof item === 'boolean') return item ? t('common.yes') : t('common.no');
    return String(item);
  });
  return parts.map((p) => `« ${p} »`).join(', ');
}

/**
 * A one-line reading of a display condition for the question card, e.g.
 * `Affichée si « Satisfait ? » est égal à « Non »`; null without a condition.
 */
export function describeCondition(condition: unknown, questionsById: ReadonlyMap<number, Question>, t: Translate): string | null {
  if (condition == null) return null;
  const { draft } = toDraft(condition);
  if (draft.rules.length === 0) return null;
  const rules = draft.rules.map((rule) => {
    const question = rule.question_id === null ? undefined : questionsById.get(rule.question_id);
    const subject = `« ${question?.label ?? `#${rule.question_id}`} »`;
    const operator = t(`condition.operators.${rule.operator}`);
    const hasValue = rule.operator !== 'answered' && rule.operator !== 'not_answered';
    return hasValue ? `${subject} ${operator} ${describeValue(rule.value, question, t)}` : `${subject} ${operator}`;
  });
  return t('condition.summary', { rules: rules.join(t(draft.combinator === 'all' ? 'condition.summaryAnd' : 'condition.summaryOr')) });
}
