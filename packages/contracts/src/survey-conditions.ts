/**
 * Display conditions of questions on earlier answers, evaluated identically by the
 * answering page and the server. A hidden question is neither required nor stored.
 *
 *   { all: [{ question_id: 12, operator: 'eq', value: 40 }, { any: [...] }] }
 *
 * Values compare on the canonical answers of survey-answers: a choice question compares
 * choice ids (a multiple choice answer "eq" a choice when it contains it), numbers
 * compare numerically for gt/lt, everything else by its text.
 *
 * No zod here (the answering page evaluates conditions and must stay light): the schema
 * the builder and the API check conditions with is `survey-condition-schema.ts`.
 */
import { isRecordId } from './record-id';
import { isAnswerEmpty } from './survey-answers';

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

/** Limits of a condition, shared with its schema (`survey-condition-schema.ts`). */
export const CONDITION_LIMITS = { nodes: 50, values: 200, text: 500 } as const;

const isScalar = (v: unknown) =>
  (typeof v === 'string' && v.length <= CONDITION_LIMITS.text) || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isConditionRule(node: unknown): node is ConditionRule {
  if (!isPlainObject(node) || !isRecordId(node.question_id)) return false;
  const operator = node.operator as ConditionOperator;
  if (!CONDITION_OPERATORS.includes(operator)) return false;
  const { value } = node;
  if (value === undefined) return operator === 'answered' || operator === 'not_answered';
  if (Array.isArray(value)) return value.length <= CONDITION_LIMITS.values && value.every(isScalar);
  return operator !== 'in' && isScalar(value);
}

/**
 * Whether a value is a display condition the schema accepts, read without zod (the
 * answering page evaluates stored conditions; a test holds it equal to the schema).
 */
export function isDisplayCondition(value: unknown): value is DisplayCondition {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1 || (keys[0] !== 'all' && keys[0] !== 'any')) return false;
  const children = value[keys[0]];
  return (
    Array.isArray(children) &&
    children.length >= 1 &&
    children.length <= CONDITION_LIMITS.nodes &&
    children.every((child) => isConditionRule(child) || isDisplayCondition(child))
  );
}

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
  // An unreadable stored condition must not hide a question forever.
  if (!isDisplayCondition(condition)) return true;
  return evaluateNode(condition, answers);
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
