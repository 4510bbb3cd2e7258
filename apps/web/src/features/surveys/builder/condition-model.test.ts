import { isQuestionVisible } from '@app/contracts/survey-conditions';
import { describe, expect, it } from 'vitest';
import { makeQuestion } from '../test/survey-fixtures';
import { checkDraft, conditionProblemKey, emptyRule, fromDraft, operatorsFor, toDraft, valueKindFor, withOperator, withQuestion } from './condition-model';

const yesNo = makeQuestion(1, 10, 0, 'yes_no');
const choice = makeQuestion(2, 10, 1, 'single_choice');
const rating = makeQuestion(3, 10, 2, 'rating');
const photo = makeQuestion(4, 10, 3, 'photo');
const withoutKeys = (draft: ReturnType<typeof toDraft>['draft']) => draft.rules.map(({ key: _key, ...rule }) => rule);

describe('condition drafts', () => {
  it('reads a stored one-level condition and writes back the same condition', () => {
    const stored = { any: [{ question_id: 1, operator: 'eq', value: false }, { question_id: 3, operator: 'lt', value: 3 }] };
    const { draft, complex } = toDraft(stored);
    expect(complex).toBe(false);
    expect(draft.combinator).toBe('any');
    expect(withoutKeys(draft)).toEqual([
      { question_id: 1, operator: 'eq', value: false },
      { question_id: 3, operator: 'lt', value: 3 },
    ]);
    expect(fromDraft(draft)).toEqual(stored);
  });

  it('flags a nested condition as complex and keeps only its top-level rules', () => {
    const { draft, complex } = toDraft({ all: [{ question_id: 1, operator: 'answered' }, { any: [{ question_id: 2, operator: 'eq', value: 5 }] }] });
    expect(complex).toBe(true);
    expect(withoutKeys(draft)).toEqual([{ question_id: 1, operator: 'answered', value: undefined }]);
  });

  it('treats no condition as an empty draft, and an empty draft as no condition', () => {
    expect(toDraft(null)).toMatchObject({ draft: { combinator: 'all', rules: [] }, complex: false });
    expect(fromDraft({ combinator: 'all', rules: [] })).toBeNull();
  });

  it('drops the value of presence operators when writing', () => {
    expect(fromDraft({ combinator: 'all', rules: [{ key: 'k', question_id: 4, operator: 'answered', value: 'stale' }] })).toEqual({
      all: [{ question_id: 4, operator: 'answered' }],
    });
  });

  it('writes conditions that the shared evaluator reads as the author meant', () => {
    const condition = fromDraft({ combinator: 'all', rules: [{ key: 'k', question_id: 1, operator: 'eq', value: false }] });
    expect(isQuestionVisible(condition, { 1: false })).toBe(true);
    expect(isQuestionVisible(condition, { 1: true })).toBe(false);
    expect(isQuestionVisible(condition, {})).toBe(false);
  });
});

describe('operators and values by question type', () => {
  it('offers only operators the answers of the type support', () => {
    expect(operatorsFor('yes_no')).toEqual(['eq', 'answered', 'not_answered']);
    expect(operatorsFor('single_choice')).toContain('in');
    expect(operatorsFor('rating')).toEqual(['eq', 'neq', 'gt', 'lt', 'answered', 'not_answered']);
    expect(operatorsFor('photo')).toEqual(['answered', 'not_answered']);
    expect(operatorsFor('ranking')).toEqual(['answered', 'not_answered']);
  });

  it('asks for the value in the form of the compared answer', () => {
    expect(valueKindFor('single_choice', 'eq')).toBe('choice');
    expect(valueKindFor('multiple_choice', 'in')).toBe('choices');
    expect(valueKindFor('yes_no', 'eq')).toBe('boolean');
    expect(valueKindFor('scale', 'gt')).toBe('number');
    expect(valueKindFor('short_text', 'neq')).toBe('text');
    expect(valueKindFor('short_text', 'answered')).toBe('none');
    expect(valueKindFor(undefined, 'eq')).toBe('none');
  });

  it('resets the operator and value when the compared question changes type', () => {
    const rule = { ...emptyRule(), question_id: 3, operator: 'gt' as const, value: 4 };
    const next = withQuestion(rule, photo);
    expect(next).toMatchObject({ key: rule.key, question_id: 4, operator: 'answered', value: undefined });
    expect(withQuestion(rule, yesNo)).toMatchObject({ question_id: 1, operator: 'eq', value: undefined });
  });

  it('keeps the value when the operator keeps its value kind', () => {
    const rule = { ...emptyRule(), question_id: 3, operator: 'gt' as const, value: 4 };
    expect(withOperator(rule, 'lt', 'rating').value).toBe(4);
    expect(withOperator({ ...rule, question_id: 2, operator: 'eq', value: 9 }, 'in', 'single_choice').value).toBeUndefined();
  });
});

describe('checkDraft', () => {
  const earlier = [yesNo, choice, rating];

  it('accepts complete rules on earlier questions', () => {
    const draft = { combinator: 'all' as const, rules: [{ key: 'a', question_id: 1, operator: 'eq' as const, value: true }] };
    expect(checkDraft(draft, earlier)).toEqual({ rules: new Map(), message: null });
  });

  it('names each incomplete or misplaced rule', () => {
    const draft = {
      combinator: 'all' as const,
      rules: [
        { key: 'a', question_id: null, operator: 'eq' as const, value: undefined },
        { key: 'b', question_id: 2, operator: 'in' as const, value: [] },
        { key: 'c', question_id: 99, operator: 'eq' as const, value: 1 },
        { key: 'd', question_id: 3, operator: 'answered' as const, value: undefined },
      ],
    };
    const { rules } = checkDraft(draft, earlier);
    expect([...rules.entries()]).toEqual([
      [0, 'question'],
      [1, 'value'],
      [2, 'order'],
    ]);
  });
});

describe('conditionProblemKey', () => {
  it("words the contracts' codes with the builder's text keys", () => {
    const condition = { all: [{ question_id: 1, operator: 'eq', value: true }] };
    expect(conditionProblemKey(condition, [1])).toBeNull();
    expect(conditionProblemKey(null, [])).toBeNull();
    expect(conditionProblemKey(condition, [])).toBe('condition.problemLate');
    expect(conditionProblemKey('x', [1])).toBe('condition.problemInvalid');
  });
});
