import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { buildSurvey } from '../surveys/surveys.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let stepId: number;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Règles Questions');
  stepId = (await buildSurvey(t, a.session, { steps: [[]] })).stepIds[0];
});
afterAll(() => t.close());

const createIn = (locale: string, body: Record<string, unknown>) => callIn(t, locale, 'POST', 'questions', a.session, { step_id: stepId, label: 'Question', ...body });

describe('a question’s refusals in the caller’s language', () => {
  it('names an unknown type, choices on a text question and a missing step in English and Chinese', async () => {
    const en = await createIn('en', { type: 'telepathy' });
    expect(en.status).toBe(422);
    expect(en.body.errors.type[0]).toMatch(/^Unknown question type: telepathy\. Possible types: .*short_text/);
    const zh = await createIn('zh-CN', { type: 'telepathy' });
    expect(zh.body.errors.type[0]).toMatch(/^未知的问题类型：telepathy。可用类型：/);
    const choices = await createIn('en', { type: 'short_text', choices: [{ label: 'No' }] });
    expect(choices.body.errors.choices).toEqual(['A question of type short_text has no choices.']);
    const noStep = await createIn('zh-CN', { step_id: 99999999, type: 'short_text' });
    expect(noStep.body.errors.step_id).toEqual(['该步骤不存在。']);
  });

  it('says what is wrong with the settings in the caller’s language, not in French', async () => {
    const fr = await createIn('fr', { type: 'short_text', settings: { min_length: 10, max_length: 5 } });
    const en = await createIn('en', { type: 'short_text', settings: { min_length: 10, max_length: 5 } });
    expect(en.status).toBe(422);
    expect(Object.keys(en.body.errors)).toEqual(Object.keys(fr.body.errors));
    const key = Object.keys(en.body.errors)[0]!;
    expect(key).toMatch(/^settings\./);
    expect(en.body.errors[key][0]).not.toBe(fr.body.errors[key][0]);
    const malformed = await createIn('en', { type: 'short_text', condition: { all: [{ question_id: 1, operator: 'like' }] } });
    expect(malformed.status).toBe(422);
    expect(JSON.stringify(malformed.body.errors)).not.toMatch(/[éèàç]|Opérateur|Indiquez/);
  });

  it('refuses a condition on a later question and the removal of a question others depend on, in English and Chinese', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'yes_no', label: 'Source' }, { type: 'short_text', label: 'Dependent' }]] });
    const [source, dependent] = s.questionIds[0];
    const later = await callIn(t, 'en', 'POST', `questions/${source}`, a.session, { condition: { all: [{ question_id: dependent, operator: 'answered' }] } });
    expect(later.status).toBe(422);
    expect(later.body.errors.condition).toEqual(['A condition can only look at a question asked before this one (question “Source”).']);
    await call(t, 'POST', `questions/${dependent}`, a.session, { condition: { all: [{ question_id: source, operator: 'eq', value: 'no' }] } });
    const reorder = await callIn(t, 'zh-CN', 'POST', `steps/${s.stepIds[0]}/reorder`, a.session, { question_ids: [dependent, source] });
    expect(reorder.body.errors.question_ids).toEqual(['条件只能引用在此之前提出的问题（问题“Dependent”）。']);
    const removed = await callIn(t, 'en', 'DELETE', `questions/${source}`, a.session);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe('The display condition of the question “Dependent” looks at this item: change it first.');
  });

  it('answers its neighbours’ refusals too: choices, orders and categories, in English and Chinese', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text', label: 'Text' }]] });
    const [text] = s.questionIds[0];
    const noQuestion = await callIn(t, 'en', 'POST', 'choices', a.session, { question_id: 99999999, label: 'Yes' });
    expect(noQuestion.body.errors.question_id).toEqual(['This question does not exist.']);
    const notChoice = await callIn(t, 'zh-CN', 'POST', 'choices', a.session, { question_id: text, label: '是' });
    expect(notChoice.body.errors.question_id).toEqual(['short_text 类型的问题没有选项。']);
    const partial = await callIn(t, 'en', 'POST', `steps/${s.stepIds[0]}/reorder`, a.session, { question_ids: [text, text] });
    expect(partial.body.errors.question_ids).toEqual(['The list must contain each item exactly once, and only those.']);
    const category = await createIn('zh-CN', { type: 'short_text', category_id: 99999999 });
    expect(category.body.errors.category_id).toEqual(['该类别不存在。']);
  });
});
