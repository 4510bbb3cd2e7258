import { QUESTION_TYPES } from '@app/contracts/survey-questions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { buildSurvey, createMember, publish } from '../surveys/surveys.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let surveyId: number;
let stepId: number;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Questions SARL');
  const s = await buildSurvey(t, a.session, { steps: [[]] });
  surveyId = s.id;
  stepId = s.stepIds[0];
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>) => call(t, 'POST', 'questions', a.session, { step_id: stepId, label: 'Question', ...body });

/** Settings each type needs at least (matrix has no default rows and columns). */
const minimalSettings: Record<string, Record<string, unknown>> = {
  matrix: { rows: [{ id: 'r1', label: 'Accueil' }], columns: [{ id: 'c1', label: 'Bon' }] },
};

describe('question types and settings', () => {
  it('accepts every type of the catalogue and stores its settings with defaults', async () => {
    for (const type of QUESTION_TYPES) {
      const res = await create({ type, settings: minimalSettings[type] });
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.data).toMatchObject({ type, survey_id: surveyId, step_id: stepId, state: 'active', required: false });
    }
    const text = await create({ type: 'short_text', required: true });
    expect(text.body.data.settings).toMatchObject({ max_length: 255 });
    const photo = await create({ type: 'photo' });
    expect(photo.body.data.settings).toMatchObject({ allowed_types: ['image/jpeg', 'image/png', 'image/webp'], max_size_mb: 10 });
    const file = await create({ type: 'file', settings: { allowed_types: ['application/pdf'], max_size_mb: 5 } });
    expect(file.body.data.settings).toMatchObject({ allowed_types: ['application/pdf'], max_size_mb: 5 });
  });

  it('refuses an unknown type, naming the known ones (422)', async () => {
    const res = await create({ type: 'telepathy' });
    expect(res.status).toBe(422);
    expect(res.body.errors.type[0]).toContain('Type de question inconnu : telepathy');
    expect(res.body.errors.type[0]).toContain('short_text');
  });

  it('refuses settings that do not fit the type (422 on settings.*)', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['short_text', { min_length: 10, max_length: 5 }, 'settings.min_length'],
      ['number', { min: 10, max: 1 }, 'settings.min'],
      ['rating', { max: 50 }, 'settings.max'],
      ['scale', { min: 5, max: 5 }, 'settings.min'],
      ['file', { max_size_mb: 500 }, 'settings.max_size_mb'],
      ['photo', { allowed_types: ['pas un type'] }, 'settings.allowed_types.0'],
      ['date', { min: '01/02/2026' }, 'settings.min'],
      ['time', { max: '25:00' }, 'settings.max'],
      ['matrix', {}, 'settings.rows'],
      ['multiple_choice', { min_choices: 3, max_choices: 1 }, 'settings.min'],
    ];
    for (const [type, settings, key] of cases) {
      const res = await create({ type, settings });
      expect(res.status, `${type} ${JSON.stringify(settings)}`).toBe(422);
      expect(Object.keys(res.body.errors), `${type}: ${JSON.stringify(res.body.errors)}`).toContain(key);
    }
  });

  it('creates choices inline for choice types only', async () => {
    const res = await create({ type: 'dropdown', choices: [{ label: 'Douala' }, { label: 'Yaoundé', value: 'YDE', score: 2 }] });
    expect(res.status).toBe(201);
    expect(res.body.data.choices.map((c: any) => [c.label, c.value, c.position, c.score])).toEqual([
      ['Douala', 'Douala', 0, null],
      ['Yaoundé', 'YDE', 1, 2],
    ]);
    const refused = await create({ type: 'short_text', choices: [{ label: 'Non' }] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.choices[0]).toContain("n'a pas de choix");
  });

  it('re-checks the settings when the type changes', async () => {
    const q = (await create({ type: 'short_text', settings: { max_length: 100 } })).body.data;
    const changed = await call(t, 'POST', `questions/${q.id}`, a.session, { type: 'long_text' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ type: 'long_text', settings: { max_length: 100 } });
    const bad = await call(t, 'POST', `questions/${q.id}`, a.session, { type: 'matrix' });
    expect(bad.status).toBe(422);
  });
});

describe('display conditions', () => {
  it('accepts conditions on earlier questions only', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'yes_no', label: 'A' }], [{ type: 'number', label: 'B' }]] });
    const [qa] = s.questionIds[0];
    const [qb] = s.questionIds[1];
    const ok = await call(t, 'POST', 'questions', a.session, {
      step_id: s.stepIds[1],
      label: 'C',
      type: 'short_text',
      condition: { all: [{ question_id: qa, operator: 'eq', value: 'yes' }, { any: [{ question_id: qb, operator: 'gt', value: 3 }] }] },
    });
    expect(ok.status).toBe(201);
    const onLater = await call(t, 'POST', `questions/${qa}`, a.session, { condition: { all: [{ question_id: qb, operator: 'answered' }] } });
    expect(onLater.status).toBe(422);
    expect(onLater.body.errors.condition[0]).toContain('posée avant');
    const onSelf = await call(t, 'POST', `questions/${qb}`, a.session, { condition: { all: [{ question_id: qb, operator: 'answered' }] } });
    expect(onSelf.status).toBe(422);
    const other = await buildSurvey(t, a.session, { steps: [[{ type: 'yes_no' }]] });
    const foreign = await call(t, 'POST', `questions/${qb}`, a.session, {
      condition: { all: [{ question_id: other.questionIds[0][0], operator: 'answered' }] },
    });
    expect(foreign.status).toBe(422);
    const malformed = await call(t, 'POST', `questions/${qb}`, a.session, { condition: { all: [{ question_id: qa, operator: 'like' }] } });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors)[0]).toMatch(/^condition/);
    const cleared = await call(t, 'POST', `questions/${qb}`, a.session, { condition: null });
    expect(cleared.body.data.condition).toBeNull();
  });

  it('refuses moving a question above the one it depends on, and deleting a question others depend on', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'yes_no', label: 'Source' }, { type: 'short_text', label: 'Dépendante' }]] });
    const [source, dependent] = s.questionIds[0];
    await call(t, 'POST', `questions/${dependent}`, a.session, { condition: { all: [{ question_id: source, operator: 'eq', value: 'no' }] } });
    expect((await call(t, 'POST', `steps/${s.stepIds[0]}/reorder`, a.session, { question_ids: [dependent, source] })).status).toBe(422);
    expect((await call(t, 'POST', `questions/${source}`, a.session, { position: 10 })).status).toBe(422);
    const removed = await call(t, 'DELETE', `questions/${source}`, a.session);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toContain('Dépendante');
    expect((await call(t, 'DELETE', `questions/${dependent}`, a.session)).status).toBe(200);
    expect((await call(t, 'DELETE', `questions/${source}`, a.session)).status).toBe(200);
  });
});

describe('question operations', () => {
  it('moves a question to another step of the same survey, not of another survey (422)', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }], [{ type: 'number' }]] });
    const moved = await call(t, 'POST', `questions/${s.questionIds[0][0]}`, a.session, { step_id: s.stepIds[1] });
    expect(moved.body.data).toMatchObject({ step_id: s.stepIds[1], position: 1 });
    const other = await buildSurvey(t, a.session, { steps: [[]] });
    const refused = await call(t, 'POST', `questions/${s.questionIds[1][0]}`, a.session, { step_id: other.stepIds[0] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.step_id[0]).toContain('autre formulaire');
  });

  it('duplicates a question with its choices right after the original', async () => {
    const s = await buildSurvey(t, a.session, {
      steps: [[{ type: 'multiple_choice', label: 'Services', choices: [{ label: 'Wifi' }, { label: 'Parking' }] }, { type: 'short_text', label: 'Fin' }]],
    });
    const res = await call(t, 'POST', `questions/${s.questionIds[0][0]}/duplicate`, a.session);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ label: 'Services (copie)', position: 1, step_id: s.stepIds[0] });
    expect(res.body.data.choices.map((c: any) => c.label)).toEqual(['Wifi', 'Parking']);
    const fin = (await call(t, 'GET', `questions/${s.questionIds[0][1]}`, a.session)).body.data;
    expect(fin.position).toBe(2);
  });

  it('changes state and reorders choices', async () => {
    const q = (await create({ type: 'single_choice', choices: [{ label: 'Un' }, { label: 'Deux' }, { label: 'Trois' }] })).body.data;
    expect((await call(t, 'POST', `questions/${q.id}/changestate`, a.session)).body.data.state).toBe('inactive');
    expect((await call(t, 'POST', `questions/${q.id}/changestate`, a.session, { state: 'active' })).body.data.state).toBe('active');
    const [un, deux, trois] = q.choices.map((c: any) => c.id);
    const res = await call(t, 'POST', `questions/${q.id}/reorder`, a.session, { choice_ids: [trois, un, deux] });
    expect(res.status).toBe(200);
    expect(res.body.data.choices.map((c: any) => c.label)).toEqual(['Trois', 'Un', 'Deux']);
    expect((await call(t, 'POST', `questions/${q.id}/reorder`, a.session, { choice_ids: [trois] })).status).toBe(422);
  });

  it('needs a step or a default target, not both (422)', async () => {
    expect((await call(t, 'POST', 'questions', a.session, { label: 'Nulle part', type: 'short_text' })).status).toBe(422);
    const both = await call(t, 'POST', 'questions', a.session, { step_id: stepId, default_for: 'agent', label: 'Partout', type: 'short_text' });
    expect(both.status).toBe(422);
    const b = await createOwner(t, 'Autres questions');
    const other = await buildSurvey(t, b.session, { steps: [[]] });
    const foreign = await create({ step_id: other.stepIds[0], type: 'short_text' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.step_id[0]).toBe("Cette étape n'existe pas.");
  });

  it('locks the questions of a published survey (409) but not default questions', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]] });
    await publish(t, a.session, s.id);
    const q = s.questionIds[0][0];
    for (const res of [
      await create({ step_id: s.stepIds[0], type: 'short_text' }),
      await call(t, 'POST', `questions/${q}`, a.session, { label: 'Non' }),
      await call(t, 'DELETE', `questions/${q}`, a.session),
      await call(t, 'POST', `questions/${q}/duplicate`, a.session),
      await call(t, 'POST', `questions/${q}/changestate`, a.session),
    ]) {
      expect(res.status).toBe(409);
    }
    const d = await call(t, 'POST', 'questions', a.session, { default_for: 'site', label: 'Propre ?', type: 'yes_no' });
    expect((await call(t, 'POST', `questions/${d.body.data.id}`, a.session, { label: 'Site propre ?' })).body.data.label).toBe('Site propre ?');
    expect((await call(t, 'POST', `questions/${d.body.data.id}`, a.session, { step_id: stepId })).status).toBe(422);
  });

  it('lets members read but not write (403)', async () => {
    const member = await createMember(t, a.company.id);
    const q = (await create({ type: 'short_text' })).body.data;
    expect((await call(t, 'GET', `questions/${q.id}`, member)).status).toBe(200);
    expect((await call(t, 'POST', 'questions', member, { step_id: stepId, label: 'Non', type: 'short_text' })).status).toBe(403);
    expect((await call(t, 'POST', `questions/${q.id}/changestate`, member)).status).toBe(403);
  });
});
