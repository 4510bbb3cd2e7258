/**
 * Display conditions of questions on earlier answers, evaluated identically by the
 * answering page and the server. A hidden question is neither required nor stored.
 *
 *   { all: [{ question_id: 12, operator: 'eq', value: 40 }, { any: [...] }] }
 *
 * Values compare on the canonical answers of survey-answers: a choice question compares
 * choice ids (a multiple choice answer "eq" a choice when it contains it), numbers
 * compare numerically for gt/lt, everything else by its text.
 */
import { z } from 'zod';
import { isAnswerEmpty } from './survey-answers';
import { recordId } from './ids';

export const CONDITION_OPERATORS = ['eq', 'neq', 'in', 'gt', 'lt', 'answered', 'not_answered'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const CONDITION_OPERATOR_LABELS: Record<ConditionOperator, string> = {
  eq: 'est égal à',
  neq: 'est différent de',
  in: 'est parmi',
  gt: 'est supérieur à',
  lt: 'est inférieur à',
  answered: 'a une réponse',
  not_answered: 'n’a pas de réponse',
};

export interface ConditionRule {
  question_id: number;
  operator: ConditionOperator;
  value?: unknown;
}
export type DisplayCondition = { all: ConditionNode[] } | { any: ConditionNode[] };
export type ConditionNode = ConditionRule | DisplayCondition;

const scalar = z.union([z.string().max(500), z.number(), z.boolean()]);

export const conditionRuleSchema = z
  .object({
    question_id: recordId,
    operator: z.enum(CONDITION_OPERATORS),
    value: z.union([scalar, z.array(scalar).max(200)]).optional(),
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
    z.object({ all: z.array(z.union([conditionRuleSchema, displayConditionSchema])).min(1).max(50) }).strict(),
    z.object({ any: z.array(z.union([conditionRuleSchema, displayConditionSchema])).min(1).max(50) }).strict(),
  ]),
) as z.ZodType<DisplayCondition>;

/** Answers by question id, as a Map or a plain object keyed by id. */
export type AnswerLookup = ReadonlyMap<number, unknown> | Readonly<Record<string | number, unknown>>;

function answerOf(answers: AnswerLookup, id: number): unknown {
  return answers instanceof Map ? answers.get(id) : (answers as Record<string, unknown>)[String(id)];
}

function isRule(node: ConditionNode): node is ConditionRule {
  return typeof (node as ConditionRule).question_id === 'number';
}

const same = (a: unknown, b: unknown) => a !== null && a !== undefined && String(a) === String(b);

function asNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function matchesRule(rule: ConditionRule, answer: unknown): boolean {
  const empty = isAnswerEmpty(answer);
  if (rule.operator === 'answered') return !empty;
  if (rule.operator === 'not_answered') return empty;
  if (empty) return false;
  const values = Array.isArray(answer) ? answer : [answer];
  switch (rule.operator) {
    case 'eq':
      return values.some((v) => same(v, rule.value));
    case 'neq':
      return !values.some((v) => same(v, rule.value));
    case 'in': {
      const wanted = Array.isArray(rule.value) ? rule.value : [rule.value];
      return values.some((v) => wanted.some((w) => same(v, w)));
    }
    case 'gt':
    case 'lt': {
      const a = asNumber(answer);
      const b = asNumber(rule.value);
      if (a === null || b === null) return false;
      return rule.operator === 'gt' ? a > b : a < b;
    }
  }
}

/** Whether a question with this condition is shown, given the answers so far (no condition: shown). */
export function isQuestionVisible(condition: unknown, answers: AnswerLookup): boolean {
  if (condition === null || condition === undefined) return true;
  const parsed = displayConditionSchema.safeParse(condition);
  // An unreadable stored condition must not hide a question forever.
  if (!parsed.success) return true;
  return evaluateNode(parsed.data, answers);
}

function evaluateNode(node: ConditionNode, answers: AnswerLookup): boolean {
  if (isRule(node)) return matchesRule(node, answerOf(answers, node.question_id));
  if ('all' in node) return node.all.every((child) => evaluateNode(child, answers));
  return node.any.some((child) => evaluateNode(child, answers));
}

/**
 * The visible question ids of a survey, walking questions in answering order: an answer
 * to a hidden question does not count for the conditions after it, so hiding cascades.
 */
export function resolveVisibleQuestions(
  questions: ReadonlyArray<{ id: number; condition?: unknown }>,
  answers: AnswerLookup,
): Set<number> {
  const visible = new Set<number>();
  const effective = new Map<number, unknown>();
  for (const q of questions) {
    if (!isQuestionVisible(q.condition, effective)) continue;
    visible.add(q.id);
    effective.set(q.id, answerOf(answers, q.id));
  }
  return visible;
}

/** Every question id a condition refers to. */
export function collectConditionQuestionIds(condition: DisplayCondition): number[] {
  const ids: number[] = [];
  const walk = (node: ConditionNode) => {
    if (isRule(node)) ids.push(node.question_id);
    else for (const child of 'all' in node ? node.all : node.any) walk(child);
  };
  walk(condition);
  return [...new Set(ids)];
}

/**
 * For the builder and the questions API: a condition may only look at questions asked
 * before this one. A French message, or null when the condition is acceptable.
 */
export function checkConditionReferences(condition: unknown, earlierQuestionIds: Iterable<number>): string | null {
  if (condition === null || condition === undefined) return null;
  const parsed = displayConditionSchema.safeParse(condition);
  if (!parsed.success) return 'Condition d’affichage invalide.';
  const earlier = new Set(earlierQuestionIds);
  const unknown = collectConditionQuestionIds(parsed.data).filter((id) => !earlier.has(id));
  return unknown.length ? 'Une condition ne peut porter que sur une question posée avant celle-ci.' : null;
}
