import { describe, expect, it } from 'vitest';
import { collectConditionQuestionIds, isDisplayCondition, isQuestionVisible, resolveVisibleQuestions } from './survey-conditions';
import { conditionReferenceProblem, displayConditionSchema } from './survey-condition-schema';

describe('isQuestionVisible', () => {
  const answers = new Map<number, unknown>([
    [1, 4],
    [2, [10, 11]],
    [3, 'oui'],
    [4, true],
  ]);

  it('shows a question without condition', () => {
    expect(isQuestionVisible(null, answers)).toBe(true);
    expect(isQuestionVisible(undefined, {})).toBe(true);
  });

  it('evaluates every operator', () => {
    const rule = (operator: string, question_id: number, value?: unknown) => ({ all: [{ question_id, operator, value }] });
    expect(isQuestionVisible(rule('eq', 1, 4), answers)).toBe(true);
    expect(isQuestionVisible(rule('eq', 1, '4'), answers)).toBe(true);
    expect(isQuestionVisible(rule('neq', 1, 4), answers)).toBe(false);
    expect(isQuestionVisible(rule('eq', 2, 11), answers)).toBe(true);
    expect(isQuestionVisible(rule('neq', 2, 12), answers)).toBe(true);
    expect(isQuestionVisible(rule('in', 2, [5, 10]), answers)).toBe(true);
    expect(isQuestionVisible(rule('in', 3, ['non']), answers)).toBe(false);
    expect(isQuestionVisible(rule('gt', 1, 3), answers)).toBe(true);
    expect(isQuestionVisible(rule('lt', 1, 3), answers)).toBe(false);
    expect(isQuestionVisible(rule('gt', 3, 1), answers)).toBe(false);
    expect(isQuestionVisible(rule('eq', 4, true), answers)).toBe(true);
    expect(isQuestionVisible(rule('answered', 9), answers)).toBe(false);
    expect(isQuestionVisible(rule('not_answered', 9), answers)).toBe(true);
    expect(isQuestionVisible(rule('neq', 9, 1), answers)).toBe(false);
  });

  it('combines all and any, nested', () => {
    const condition = {
      any: [
        { question_id: 1, operator: 'gt', value: 8 },
        { all: [{ question_id: 3, operator: 'eq', value: 'oui' }, { question_id: 4, operator: 'answered' }] },
      ],
    };
    expect(isQuestionVisible(condition, answers)).toBe(true);
    expect(isQuestionVisible(condition, { 1: 9 })).toBe(true);
    expect(isQuestionVisible(condition, { 1: 2, 3: 'oui' })).toBe(false);
  });

  it('keeps a question with an unreadable condition visible', () => {
    expect(isQuestionVisible({ nope: true }, answers)).toBe(true);
  });
});

describe('resolveVisibleQuestions', () => {
  it('cascades hiding through answers of hidden questions', () => {
    const questions = [
      { id: 1 },
      { id: 2, condition: { all: [{ question_id: 1, operator: 'eq', value: 'oui' }] } },
      { id: 3, condition: { all: [{ question_id: 2, operator: 'answered' }] } },
    ];
    expect([...resolveVisibleQuestions(questions, { 1: 'non', 2: 'stale', 3: 'x' })]).toEqual([1]);
    expect([...resolveVisibleQuestions(questions, { 1: 'oui', 2: 'ok' })]).toEqual([1, 2, 3]);
  });
});

describe('condition schema and references', () => {
  it('requires a value except for answered operators, and a list for in', () => {
    expect(displayConditionSchema.safeParse({ all: [{ question_id: 1, operator: 'answered' }] }).success).toBe(true);
    expect(displayConditionSchema.safeParse({ all: [{ question_id: 1, operator: 'eq' }] }).success).toBe(false);
    expect(displayConditionSchema.safeParse({ all: [{ question_id: 1, operator: 'in', value: 3 }] }).success).toBe(false);
    expect(displayConditionSchema.safeParse({ all: [] }).success).toBe(false);
  });

  it('isDisplayCondition (no zod, for the answering page) accepts exactly what the schema accepts', () => {
    const rule = { question_id: 1, operator: 'eq', value: 'x' };
    const corpus: unknown[] = [
      null, 'x', 3, [], {}, { all: [] }, { any: [rule] }, { all: [rule], any: [rule] }, { all: [rule], extra: 1 },
      { all: [{ question_id: 1, operator: 'answered' }] }, { all: [{ question_id: 1, operator: 'not_answered', value: 2 }] },
      { all: [{ question_id: 1, operator: 'eq' }] }, { all: [{ question_id: 1, operator: 'in', value: 3 }] },
      { all: [{ question_id: 1, operator: 'in', value: [1, 'a', true] }] }, { all: [{ question_id: 1, operator: 'eq', value: [1] }] },
      { all: [{ question_id: 1, operator: 'eq', value: null }] }, { all: [{ question_id: 1, operator: 'eq', value: { a: 1 } }] },
      { all: [{ question_id: 1, operator: 'eq', value: Number.NaN }] }, { all: [{ question_id: 1, operator: 'gt', value: Number.POSITIVE_INFINITY }] },
      { all: [{ question_id: 1, operator: 'eq', value: 'x'.repeat(500) }] }, { all: [{ question_id: 1, operator: 'eq', value: 'x'.repeat(501) }] },
      { all: [{ question_id: 1, operator: 'in', value: Array.from({ length: 200 }, (_, i) => i) }] },
      { all: [{ question_id: 1, operator: 'in', value: Array.from({ length: 201 }, (_, i) => i) }] },
      { all: [{ question_id: 0, operator: 'eq', value: 1 }] }, { all: [{ question_id: 1.5, operator: 'eq', value: 1 }] },
      { all: [{ question_id: 2_147_483_648, operator: 'eq', value: 1 }] }, { all: [{ question_id: '1', operator: 'eq', value: 1 }] },
      { all: [{ question_id: 1, operator: 'like', value: 1 }] }, { all: [{ question_id: 1, operator: 'eq', value: 1, note: 'kept' }] },
      { all: [rule, { any: [rule, { all: [rule] }] }] }, { all: [rule, { any: [] }] }, { all: [rule, { any: [rule], x: 1 }] },
      { all: Array.from({ length: 50 }, () => rule) }, { all: Array.from({ length: 51 }, () => rule) },
    ];
    for (const value of corpus) expect(isDisplayCondition(value), JSON.stringify(value)).toBe(displayConditionSchema.safeParse(value).success);
  });

  it('lists referenced ids and refuses later questions', () => {
    const condition = { all: [{ question_id: 1, operator: 'eq' as const, value: 1 }, { any: [{ question_id: 2, operator: 'answered' as const }] }] };
    expect(collectConditionQuestionIds(condition)).toEqual([1, 2]);
    expect(conditionReferenceProblem(condition, [1, 2])).toBeNull();
    expect(conditionReferenceProblem(condition, [1])).toBe('lateQuestion');
    expect(conditionReferenceProblem('x', [1])).toBe('invalid');
    expect(conditionReferenceProblem(null, [])).toBeNull();
  });
});
