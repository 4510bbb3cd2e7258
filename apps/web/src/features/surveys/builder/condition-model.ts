import type { ConditionOperator, ConditionRule, DisplayCondition } from '@app/contracts/survey-conditions';
import { type ConditionReferenceProblem, conditionReferenceProblem, displayConditionSchema } from '@app/contracts/survey-condition-schema';
import { isChoiceQuestionType } from '@app/contracts/survey-question-types';
import type { Question } from '../survey.types';

/** One editable rule; `question_id` null until the author picks a question. */
export interface RuleDraft {
  /** Stable React key of the row (not stored). */
  key: string;
  question_id: number | null;
  operator: ConditionOperator;
  value: unknown;
}

/** The editor's flat form of a display condition: one combinator over a list of rules. */
export interface ConditionDraft {
  combinator: 'all' | 'any';
  rules: RuleDraft[];
}

/** How the value of a rule is entered. */
export type ValueKind = 'none' | 'choice' | 'choices' | 'boolean' | 'number' | 'text';

const PRESENCE: ConditionOperator[] = ['answered', 'not_answered'];
const NUMERIC_TYPES = new Set(['number', 'rating', 'scale']);
const TEXT_TYPES = new Set(['short_text', 'long_text', 'email', 'phone', 'date', 'time']);

/** Operators that make sense for a question type (what the contracts can evaluate on its answers). */
export function operatorsFor(type: string): ConditionOperator[] {
  if (isChoiceQuestionType(type) && type !== 'ranking') return ['eq', 'neq', 'in', ...PRESENCE];
  if (type === 'yes_no') return ['eq', ...PRESENCE];
  if (NUMERIC_TYPES.has(type)) return ['eq', 'neq', 'gt', 'lt', ...PRESENCE];
  if (TEXT_TYPES.has(type)) return ['eq', 'neq', ...PRESENCE];
  // Ranking, matrix, files, signature, geolocation: only whether they were answered.
  return PRESENCE;
}

export function valueKindFor(type: string | undefined, operator: ConditionOperator): ValueKind {
  if (!type || PRESENCE.includes(operator)) return 'none';
  if (isChoiceQuestionType(type)) return operator === 'in' ? 'choices' : 'choice';
  if (type === 'yes_no') return 'boolean';
  if (NUMERIC_TYPES.has(type)) return 'number';
  return 'text';
}

let ruleSequence = 0;
const nextRuleKey = () => `rule-${++ruleSequence}`;

export const emptyRule = (): RuleDraft => ({ key: nextRuleKey(), question_id: null, operator: 'eq', value: undefined });

function isRule(node: unknown): node is ConditionRule {
  return typeof (node as ConditionRule | null)?.question_id === 'number';
}

/**
 * A stored condition as the editor shows it. Only one level (one combinator over rules)
 * is editable; a nested condition comes back `complex` so the editor can say it will
 * be replaced rather than silently flatten it.
 */
export function toDraft(condition: unknown): { draft: ConditionDraft; complex: boolean } {
  const parsed = condition == null ? null : displayConditionSchema.safeParse(condition);
  if (!parsed?.success) return { draft: { combinator: 'all', rules: [] }, complex: parsed != null };
  const combinator = 'all' in parsed.data ? 'all' : 'any';
  const nodes = 'all' in parsed.data ? parsed.data.all : parsed.data.any;
  const rules = nodes.filter(isRule).map((rule) => ({ key: nextRuleKey(), question_id: rule.question_id, operator: rule.operator, value: rule.value }));
  return { draft: { combinator, rules }, complex: rules.length !== nodes.length };
}

/** The condition to store (null when there is no rule). */
export function fromDraft(draft: ConditionDraft): DisplayCondition | null {
  if (draft.rules.length === 0) return null;
  const rules: ConditionRule[] = draft.rules.map((rule) => {
    const out: ConditionRule = { question_id: rule.question_id ?? 0, operator: rule.operator };
    if (!PRESENCE.includes(rule.operator)) out.value = rule.value as ConditionRule['value'];
    return out;
  });
  return draft.combinator === 'all' ? { all: rules } : { any: rules };
}

/** Changes a rule's question: its operator and value are reset to what the new type accepts. */
export function withQuestion(rule: RuleDraft, question: Pick<Question, 'id' | 'type'> | undefined): RuleDraft {
  if (!question) return { ...emptyRule(), key: rule.key };
  const operators = operatorsFor(question.type);
  const operator = operators.includes(rule.operator) ? rule.operator : operators[0];
  return { key: rule.key, question_id: question.id, operator, value: undefined };
}

/** Changes a rule's operator, keeping the value only when its kind stays the same. */
export function withOperator(rule: RuleDraft, operator: ConditionOperator, type: string | undefined): RuleDraft {
  const sameKind = valueKindFor(type, rule.operator) === valueKindFor(type, operator);
  return { ...rule, operator, value: sameKind ? rule.value : undefined };
}

function isMissing(value: unknown, kind: ValueKind): boolean {
  if (kind === 'none') return false;
  if (kind === 'choices') return !Array.isArray(value) || value.length === 0;
  if (kind === 'boolean') return typeof value !== 'boolean';
  if (kind === 'number') return typeof value !== 'number' || !Number.isFinite(value);
  return value === undefined || value === null || String(value).trim() === '';
}

export type RuleProblem = 'question' | 'value' | 'order';

/** The builder's words (surveys namespace) for the contracts' `conditionReferenceProblem` codes. */
export const CONDITION_PROBLEM_KEYS = {
  invalid: 'condition.problemInvalid',
  lateQuestion: 'condition.problemLate',
} as const satisfies Record<ConditionReferenceProblem, string>;
export type ConditionProblemKey = (typeof CONDITION_PROBLEM_KEYS)[ConditionReferenceProblem];

/** The text key of what is wrong with a whole condition, or null (the same check as the server's). */
export function conditionProblemKey(condition: unknown, earlierQuestionIds: Iterable<number>): ConditionProblemKey | null {
  const problem = conditionReferenceProblem(condition, earlierQuestionIds);
  return problem ? CONDITION_PROBLEM_KEYS[problem] : null;
}

/**
 * What is wrong with each rule (index -> problem), checked against the questions the
 * condition may look at; then the contracts' own check so client and server agree
 * (`message`: the text key of its problem, worded in the builder's language).
 */
export function checkDraft(
  draft: ConditionDraft,
  earlier: readonly Pick<Question, 'id' | 'type'>[],
): { rules: Map<number, RuleProblem>; message: ConditionProblemKey | null } {
  const problems = new Map<number, RuleProblem>();
  const byId = new Map(earlier.map((q) => [q.id, q]));
  draft.rules.forEach((rule, index) => {
    const question = rule.question_id === null ? undefined : byId.get(rule.question_id);
    if (rule.question_id === null) problems.set(index, 'question');
    else if (!question) problems.set(index, 'order');
    else if (isMissing(rule.value, valueKindFor(question.type, rule.operator))) problems.set(index, 'value');
  });
  if (problems.size > 0) return { rules: problems, message: null };
  const condition = fromDraft(draft);
  return { rules: problems, message: conditionProblemKey(condition, byId.keys()) };
}
