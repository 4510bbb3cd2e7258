import { type AnswerableQuestion, readQuestionSettings } from './survey-question-types';

/**
 * The points a canonical answer earns: selected choices' scores, the yes/no scores of
 * the settings, a rating's value. Null when the question is not scored.
 */
export function scoreAnswer(q: AnswerableQuestion, value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const scores = new Map((q.choices ?? []).map((c) => [c.id, c.score ?? null]));
  const sum = (ids: number[]) => {
    const found = ids.map((id) => scores.get(id)).filter((s): s is number => typeof s === 'number');
    return found.length ? found.reduce((a, b) => a + b, 0) : null;
  };
  switch (q.type) {
    case 'single_choice':
    case 'dropdown':
      return sum([value as number]);
    case 'multiple_choice':
      return sum(value as number[]);
    case 'yes_no': {
      const s = readQuestionSettings('yes_no', q.settings);
      return (value ? s.yes_score : s.no_score) ?? null;
    }
    case 'rating':
      return typeof value === 'number' ? value : null;
    default:
      return null;
  }
}
