import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { buildSurvey, createMember, publish } from '../surveys/surveys.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Choix SARL');
});
afterAll(() => t.close());

describe('choices', () => {
  it('appends choices to a choice question; value defaults to the label', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'single_choice', choices: [{ label: 'A' }] }]] });
    const questionId = s.questionIds[0][0];
    const res = await call(t, 'POST', 'choices', a.session, { question_id: questionId, label: 'Très satisfait', score: 5 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ question_id: questionId, label: 'Très satisfait', value: 'Très satisfait', position: 1, score: 5 });
    const updated = await call(t, 'POST', `choices/${res.body.data.id}`, a.session, { value: 'TS', label: 'Très satisfait(e)' });
    expect(updated.body.data).toMatchObject({ value: 'TS', label: 'Très satisfait(e)' });
    expect((await call(t, 'DELETE', `choices/${res.body.data.id}`, a.session)).status).toBe(200);
  });

  it('refuses choices on other question types and on foreign questions (422)', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'number' }]] });
    const res = await call(t, 'POST', 'choices', a.session, { question_id: s.questionIds[0][0], label: 'X' });
    expect(res.status).toBe(422);
    expect(res.body.errors.question_id[0]).toContain('number');
    const b = await createOwner(t, 'Choix concurrent');
    const other = await buildSurvey(t, b.session, { steps: [[{ type: 'dropdown' }]] });
    const foreign = await call(t, 'POST', 'choices', a.session, { question_id: other.questionIds[0][0], label: 'X' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.question_id[0]).toBe("Cette question n'existe pas.");
    expect((await call(t, 'POST', 'choices', a.session, { question_id: s.questionIds[0][0], label: '' })).status).toBe(422);
  });

  it('refuses deleting a choice a condition compares with (409)', async () => {
    const s = await buildSurvey(t, a.session, {
      steps: [[{ type: 'single_choice', label: 'Ville', choices: [{ label: 'Douala' }, { label: 'Kribi' }] }, { type: 'short_text', label: 'Quartier' }]],
    });
    const [ville, quartier] = s.questionIds[0];
    const choices = (await call(t, 'GET', `questions/${ville}?includes[]=choices`, a.session)).body.data.choices;
    await call(t, 'POST', `questions/${quartier}`, a.session, { condition: { all: [{ question_id: ville, operator: 'eq', value: choices[0].id }] } });
    const res = await call(t, 'DELETE', `choices/${choices[0].id}`, a.session);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Quartier');
    expect((await call(t, 'DELETE', `choices/${choices[1].id}`, a.session)).status).toBe(200);
  });

  it('locks the choices of a published survey (409); members only read (403)', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'dropdown', choices: [{ label: 'A' }] }]] });
    const questionId = s.questionIds[0][0];
    const choiceId = (await call(t, 'GET', `questions/${questionId}?includes[]=choices`, a.session)).body.data.choices[0].id;
    const member = await createMember(t, a.company.id);
    expect((await call(t, 'GET', `choices/${choiceId}`, member)).status).toBe(200);
    expect((await call(t, 'POST', `choices/${choiceId}`, member, { label: 'B' })).status).toBe(403);
    await publish(t, a.session, s.id);
    expect((await call(t, 'POST', 'choices', a.session, { question_id: questionId, label: 'B' })).status).toBe(409);
    expect((await call(t, 'POST', `choices/${choiceId}`, a.session, { label: 'B' })).status).toBe(409);
    expect((await call(t, 'DELETE', `choices/${choiceId}`, a.session)).status).toBe(409);
  });
});
