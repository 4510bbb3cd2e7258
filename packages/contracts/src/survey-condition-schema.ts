/**
 * The schema of a display condition (see `survey-conditions.ts`), which the builder and
 * the API check a question's condition with. Apart so the answering page does not load zod.
 */
import { z } from 'zod';
import { recordId } from './ids';
import { CONDITION_LIMITS, CONDITION_OPERATORS, collectConditionQuestionIds, type DisplayCondition } from './survey-conditions';

const scalar = z.union([z.string().max(CONDITION_LIMITS.text), z.number(), z.boolean()]);

export const conditionRuleSchema = z
  .object({
    question_id: recordId,
    operator: z.enum(CONDITION_OPERATORS),
    value: z.union([scalar, z.array(scalar).max(CONDITION_LIMITS.values)]).optional(),
  })
  .refine((r) => r.operator === 'answered' || r.operator === 'not_answered' || r.value !== undefined, {
    message: 'Indiquez la valeur à comparer.',
    path: ['value'],
  })
  .refine((r) => r.operator !== 'in' || Array.isArray(r.value), {
    message: 'L’opérateur « est parmi » attend une liste de valeurs.',
    path: ['value'],
  });

export const displayConditionSchema: z.ZodType<DisplayCondition> = z.lazy(() =>
  z.union([
    z.object({ all: z.array(z.union([conditionRuleSchema, displayConditionSchema])).min(1).max(CONDITION_LIMITS.nodes) }).strict(),
    z.object({ any: z.array(z.union([conditionRuleSchema, displayConditionSchema])).min(1).max(CONDITION_LIMITS.nodes) }).strict(),
  ]),
) as z.ZodType<DisplayCondition>;

/** What `conditionReferenceProblem` finds: not a condition, or a look at a later question. */
export type ConditionReferenceProblem = 'invalid' | 'lateQuestion';

/**
 * For the builder and the questions API: a condition may only look at questions asked
 * before this one. `invalid` (not a condition), `lateQuestion`, or null when acceptable.
 * A code, not a sentence: each side words it in its reader's language.
 */
export function conditionReferenceProblem(condition: unknown, earlierQuestionIds: Iterable<number>): ConditionReferenceProblem | null {
  if (condition === null || condition === undefined) return null;
  const parsed = displayConditionSchema.safeParse(condition);
  if (!parsed.success) return 'invalid';
  const earlier = new Set(earlierQuestionIds);
  return collectConditionQuestionIds(parsed.data).some((id) => !earlier.has(id)) ? 'lateQuestion' : null;
}
