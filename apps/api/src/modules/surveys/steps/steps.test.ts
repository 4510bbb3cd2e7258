import { encodeQuery } from '@app/contracts/query-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { buildSurvey, createMember, publish } from '../surveys/surveys.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Étapes SARL');
});
afterAll(() => t.close());

const stepsOf = async (surveyId: number) =>
  (await call(t, 'GET', `steps?${encodeQuery({ filter_groups: [{ filters: [['survey_id', 'eq', surveyId]] }] })}`, a.session)).body.data;

describe('steps', () => {
  it('appends steps in order and lists them by position', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[], [], []] });
    const steps = await stepsOf(s.id);
    expect(steps.map((x: any) => [x.title, x.position])).toEqual([
      ['Étape 1', 0],
      ['Étape 2', 1],
      ['Étape 3', 2],
    ]);
    const updated = await call(t, 'POST', `steps/${s.stepIds[0]}`, a.session, { title: 'Identification', description: 'Qui êtes-vous ?' });
    expect(updated.body.data).toMatchObject({ title: 'Identification', description: 'Qui êtes-vous ?' });
  });

  it('refuses a step in another company survey or without survey (422)', async () => {
    const b = await createOwner(t, 'Autre étapes');
    const other = await buildSurvey(t, b.session, { steps: [] });
    const res = await call(t, 'POST', 'steps', a.session, { survey_id: other.id, title: 'Intrusion' });
    expect(res.status).toBe(422);
    expect(res.body.errors.survey_id[0]).toBe("Ce formulaire n'existe pas.");
    expect((await call(t, 'POST', 'steps', a.session, { title: 'Orpheline' })).status).toBe(422);
  });

  it('reorders steps through surveys/{id}/reorder, with the exact list only', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[], [], []] });
    const [x, y, z] = s.stepIds;
    const res = await call(t, 'POST', `surveys/${s.id}/reorder`, a.session, { step_ids: [z, x, y] });
    expect(res.status).toBe(200);
    expect((await stepsOf(s.id)).map((st: any) => st.id)).toEqual([z, x, y]);
    expect((await call(t, 'POST', `surveys/${s.id}/reorder`, a.session, { step_ids: [z, x] })).status).toBe(422);
    expect((await call(t, 'POST', `surveys/${s.id}/reorder`, a.session, { step_ids: [z, x, x] })).status).toBe(422);
  });

  it('reorders the questions of a step through steps/{id}/reorder', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }, { type: 'number' }, { type: 'email' }]] });
    const [q1, q2, q3] = s.questionIds[0];
    const res = await call(t, 'POST', `steps/${s.stepIds[0]}/reorder`, a.session, { question_ids: [q3, q1, q2] });
    expect(res.status).toBe(200);
    expect(res.body.data.questions.sort((m: any, n: any) => m.position - n.position).map((q: any) => q.id)).toEqual([q3, q1, q2]);
    const foreign = await call(t, 'POST', `steps/${s.stepIds[0]}/reorder`, a.session, { question_ids: [q3, q1, 999999] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.question_ids).toBeDefined();
  });

  it('refuses an order that puts a question before the one its condition looks at (422)', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'yes_no', label: 'Client ?' }], [{ type: 'short_text', label: 'Depuis quand ?' }]] });
    const [client] = s.questionIds[0];
    const [since] = s.questionIds[1];
    await call(t, 'POST', `questions/${since}`, a.session, { condition: { all: [{ question_id: client, operator: 'eq', value: 'yes' }] } });
    const swapped = await call(t, 'POST', `surveys/${s.id}/reorder`, a.session, { step_ids: [s.stepIds[1], s.stepIds[0]] });
    expect(swapped.status).toBe(422);
    expect(swapped.body.errors.step_ids[0]).toContain('posée avant');
    const backwards = await call(t, 'POST', `steps/${s.stepIds[0]}`, a.session, { position: 5 });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.position[0]).toContain('« Depuis quand ? »');
    const removed = await call(t, 'DELETE', `steps/${s.stepIds[0]}`, a.session);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toContain('Depuis quand ?');
  });

  it('duplicates a step with its questions and choices right after it, remapping inner conditions', async () => {
    const s = await buildSurvey(t, a.session, {
      steps: [
        [
          { type: 'single_choice', label: 'Canal', choices: [{ label: 'SMS' }, { label: 'E-mail' }] },
          { type: 'short_text', label: 'Détail' },
        ],
        [{ type: 'number', label: 'Fin' }],
      ],
    });
    const [canal, detail] = s.questionIds[0];
    const choices = (await call(t, 'GET', `questions/${canal}?includes[]=choices`, a.session)).body.data.choices;
    await call(t, 'POST', `questions/${detail}`, a.session, { condition: { any: [{ question_id: canal, operator: 'in', value: [choices[1].id] }] } });
    const res = await call(t, 'POST', `steps/${s.stepIds[0]}/duplicate`, a.session);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Étape 1 (copie)', position: 1 });
    expect((await stepsOf(s.id)).map((st: any) => st.id)).toEqual([s.stepIds[0], res.body.data.id, s.stepIds[1]]);
    const copied = (await call(t, 'GET', `steps/${res.body.data.id}?${encodeQuery({ includes: ['questions.choices'] })}`, a.session)).body.data;
    const canalCopy = copied.questions.find((q: any) => q.label === 'Canal');
    const detailCopy = copied.questions.find((q: any) => q.label === 'Détail');
    expect(detailCopy.condition).toEqual({ any: [{ question_id: canalCopy.id, operator: 'in', value: [canalCopy.choices[1].id] }] });
    const inGerman = await callIn(t, 'de', 'POST', `steps/${s.stepIds[1]}/duplicate`, a.session);
    expect(inGerman.body.data.title).toBe('Étape 2 (Kopie)');
  });

  it('changes state (toggle or explicit) and deletes', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]] });
    const id = s.stepIds[0];
    expect((await call(t, 'POST', `steps/${id}/changestate`, a.session)).body.data.state).toBe('inactive');
    expect((await call(t, 'POST', `steps/${id}/changestate`, a.session, { state: 'active' })).body.data.state).toBe('active');
    expect((await call(t, 'POST', `steps/${id}/changestate`, a.session, { state: 'maybe' })).status).toBe(422);
    expect((await call(t, 'DELETE', `steps/${id}`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', `steps/${id}`, a.session)).status).toBe(404);
  });

  it('locks the steps of a submitted or published survey (409)', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]] });
    await publish(t, a.session, s.id);
    const attempts = [
      await call(t, 'POST', 'steps', a.session, { survey_id: s.id, title: 'Tardive' }),
      await call(t, 'POST', `steps/${s.stepIds[0]}`, a.session, { title: 'Tardive' }),
      await call(t, 'DELETE', `steps/${s.stepIds[0]}`, a.session),
      await call(t, 'POST', `steps/${s.stepIds[0]}/duplicate`, a.session),
      await call(t, 'POST', `steps/${s.stepIds[0]}/changestate`, a.session),
      await call(t, 'POST', `steps/${s.stepIds[0]}/reorder`, a.session, { question_ids: s.questionIds[0] }),
      await call(t, 'POST', `surveys/${s.id}/reorder`, a.session, { step_ids: s.stepIds }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('Ce formulaire est publié');
    }
  });

  it('lets members read but not write steps (403)', async () => {
    const member = await createMember(t, a.company.id);
    const s = await buildSurvey(t, a.session, { steps: [[]] });
    expect((await call(t, 'GET', `steps/${s.stepIds[0]}`, member)).status).toBe(200);
    expect((await call(t, 'POST', 'steps', member, { survey_id: s.id, title: 'Non' })).status).toBe(403);
    expect((await call(t, 'POST', `steps/${s.stepIds[0]}/changestate`, member)).status).toBe(403);
  });
});
