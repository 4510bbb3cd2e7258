import { describe, expect, it } from 'vitest';
import { canonicalJson, checkAnswers, payloadHash, scoreOf } from './submission.rules';
import type { DefinitionQuestion, SurveyDefinition } from './survey-definition.repository';

function definition(questions: Array<Partial<DefinitionQuestion> & { id: number; type: string }>): SurveyDefinition {
  const list = questions.map((q) => ({ step_id: 1, label: `Q${q.id}`, required: false, settings: {}, condition: null, choices: [], ...q }));
  return { survey: {} as SurveyDefinition['survey'], questions: list, byId: new Map(list.map((q) => [q.id, q])) };
}

describe('payload hashing', () => {
  it('ignores key order and answer order, not values', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    const a = { client_uuid: 'k', answers: [{ question_id: 2, value: 'x' }, { question_id: 1, value: 3 }] };
    const b = { answers: [{ value: 3, question_id: 1 }, { question_id: 2, value: 'x' }], client_uuid: 'k' };
    expect(payloadHash(a)).toBe(payloadHash(b));
    expect(payloadHash(a)).not.toBe(payloadHash({ ...a, answers: [{ question_id: 1, value: 4 }] }));
  });
});

describe('checkAnswers', () => {
  const def = definition([
    { id: 1, type: 'yes_no', required: true },
    { id: 2, type: 'short_text', required: true, condition: { all: [{ question_id: 1, operator: 'eq', value: true }] } },
    { id: 3, type: 'number', step_id: 2 },
  ]);

  it('drops hidden answers and their errors, and requires shown questions on submit only', () => {
    const hidden = checkAnswers(def, [{ question_id: 1, value: 'non' }, { question_id: 2, value: 42 }], { submit: true });
    expect(hidden.errors).toEqual({});
    expect([...hidden.values]).toEqual([[1, false]]);
    const shown = checkAnswers(def, [{ question_id: 1, value: 'oui' }], { submit: true });
    expect(shown.errors).toEqual({ 'answers.2': ['Cette question est obligatoire.'] });
    expect(checkAnswers(def, [{ question_id: 1, value: 'oui' }], { submit: false }).errors).toEqual({});
  });

  it('counts other contributors’ answers for visibility and required questions', () => {
    const others = new Map<number, unknown>([[1, true], [2, 'déjà fait']]);
    expect(checkAnswers(def, [{ question_id: 3, value: 5 }], { submit: true, others }).errors).toEqual({});
  });

  it('refuses questions outside the caller’s steps and duplicates', () => {
    const result = checkAnswers(def, [{ question_id: 1, value: true }, { question_id: 1, value: false }, { question_id: 3, value: 1 }], {
      submit: false,
      allowed: (q) => q.step_id === 1,
    });
    expect(result.errors).toEqual({
      'answers.1': ['Une seule réponse par question.'],
      'answers.3': ['Vous ne pouvez pas répondre à cette question.'],
    });
  });
});

describe('scoreOf', () => {
  it('sums scored answers and is null when nothing is scored', () => {
    const def = definition([
      { id: 1, type: 'single_choice', choices: [{ id: 10, label: 'A', value: 'a', score: 3 }] },
      { id: 2, type: 'rating' },
      { id: 3, type: 'short_text' },
    ]);
    expect(scoreOf(def, new Map<number, unknown>([[1, 10], [2, 4], [3, 'x']]))).toBe(7);
    expect(scoreOf(def, new Map<number, unknown>([[3, 'x']]))).toBeNull();
  });
});
