import { encodeQuery } from '@app/contracts/query-codec';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INCLUDED_PER_PARENT } from '../../../http/query/load-relations';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { COMPANY_CODE_ALPHABET } from '../../tenancy/companies/company-code';
import { buildSurvey, createAdminSession, createMember, publish } from './surveys.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha Enquêtes');
  b = await createOwner(t, 'Beta Sondages');
});
afterAll(() => t.close());

describe('survey resource', () => {
  it('creates a draft with a fresh 8-character unambiguous code, authored by the caller', async () => {
    const res = await call(t, 'POST', 'surveys', a.session, {
      title: 'Satisfaction clients',
      description: 'Votre avis compte',
      settings: { anonymous: true, quota: 500 },
      code: 'HACKED',
      status: 'published',
    });
    expect(res.status).toBe(201);
    const survey = res.body.data;
    expect(survey).toMatchObject({
      title: 'Satisfaction clients',
      type: 'form',
      status: 'draft',
      active: true,
      availability: 'available',
      is_template: false,
      company_id: a.company.id,
      author_agent_id: a.company.agent_id,
    });
    expect(survey.code).toHaveLength(8);
    expect([...survey.code].every((c: string) => COMPANY_CODE_ALPHABET.includes(c))).toBe(true);
    expect(survey.code).toMatch(/[A-Z]/);
    expect(survey.settings).toEqual({
      anonymous: true,
      sign_in_required: false,
      one_per_person: false,
      geolocation_required: false,
      collaborative: false,
      quota: 500,
    });
  });

  it('validates bodies with French messages (422)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x' }, 'title'],
      [{ title: 'Évaluation', type: 'evaluation' }, 'target_kind'],
      [{ title: 'Formulaire', target_kind: 'agent' }, 'target_kind'],
      [{ title: 'Fenêtre', opens_at: '2030-02-01T00:00:00Z', closes_at: '2030-01-01T00:00:00Z' }, 'closes_at'],
      [{ title: 'Réglage', settings: { quota: -1 } }, 'settings.quota'],
      [{ title: 'Réglage', settings: { unknown_flag: true } }, 'settings'],
      [{ title: 'Catégorie', category_id: 999999 }, 'category_id'],
      [{ title: 'Date', opens_at: 'demain' }, 'opens_at'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, 'POST', 'surveys', a.session, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors).some((k) => k.startsWith(field)), `${field} in ${JSON.stringify(res.body.errors)}`).toBe(true);
    }
    const evaluation = await call(t, 'POST', 'surveys', a.session, { title: 'Évaluation', type: 'evaluation' });
    expect(evaluation.body.errors.target_kind[0]).toContain('évalue');
    const window = await callIn(t, 'en', 'POST', 'surveys', a.session, { title: 'Window', type: 'evaluation', opens_at: '2030-02-01T00:00:00Z', closes_at: '2030-01-01T00:00:00Z' });
    expect(window.body.errors).toMatchObject({
      closes_at: ['The closing date must be after the opening date.'],
      target_kind: ['An evaluation must say what it evaluates (agent, group, site, workspace, audience or company).'],
    });
    const targeted = await callIn(t, 'zh-CN', 'POST', 'surveys', a.session, { title: '表单', target_kind: 'agent' });
    expect(targeted.body.errors.target_kind).toEqual(['只有评估才有对象。']);
  });

  it('lists only the active company surveys (no templates), with search and filters', async () => {
    await call(t, 'POST', 'surveys', a.session, { title: 'Audit des agences' });
    await call(t, 'POST', 'surveys', b.session, { title: 'Audit concurrent' });
    await call(t, 'POST', 'templates', a.session, { title: 'Audit modèle' });
    const res = await call(t, 'POST', 'surveys/search', a.session, { input: 'audit' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: any) => s.title)).toEqual(['Audit des agences']);
    const query = encodeQuery({ filter_groups: [{ filters: [{ key: 'status', operator: 'eq', value: 'draft' }] }], limit: 100 });
    const list = await call(t, 'GET', `surveys?${query}`, a.session);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((s: any) => s.company_id === a.company.id && s.is_template === false)).toBe(true);
  });

  it('includes steps with questions and choices', async () => {
    const s = await buildSurvey(t, a.session, {
      steps: [[{ type: 'single_choice', label: 'Couleur', choices: [{ label: 'Rouge' }, { label: 'Vert' }] }]],
    });
    const res = await call(t, 'GET', `surveys/${s.id}?${encodeQuery({ includes: ['steps.questions.choices', 'company'] })}`, a.session);
    expect(res.status).toBe(200);
    expect(res.body.data.company.name).toBe('Alpha Enquêtes');
    expect(res.body.data.steps[0].questions[0].choices.map((c: any) => c.label)).toEqual(['Rouge', 'Vert']);
  });

  it('includes a structure past the per-parent cap of includes whole (the editor needs every choice)', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'dropdown', label: 'Commune', choices: [{ label: 'Commune 000' }] }]] });
    const [[question]] = s.questionIds;
    const extra = MAX_INCLUDED_PER_PARENT + 30;
    await t.db.rows(
      sql`INSERT INTO choices (question_id, company_id, label, value, position)
          SELECT ${question}, ${a.company.id}, 'Commune ' || lpad(n::text, 3, '0'), 'c' || n, n FROM generate_series(1, ${extra}) AS n`,
    );
    const res = await call(t, 'GET', `surveys/${s.id}?${encodeQuery({ includes: ['steps.questions.choices'] })}`, a.session);
    const loaded = res.body.data.steps[0].questions[0];
    expect(loaded.choices).toHaveLength(extra + 1);
    expect(loaded.choices.at(-1).label).toBe(`Commune ${String(extra).padStart(3, '0')}`);
    expect(loaded.choices_has_more).toBe(false);
    expect(res.body.data.steps[0].questions_has_more).toBe(false);
  });

  it('updates a draft, and once published only its window and toggles (409 otherwise)', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]] });
    const updated = await call(t, 'POST', `surveys/${s.id}`, a.session, { title: 'Nouveau titre', settings: { geolocation_required: true } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.title).toBe('Nouveau titre');
    expect(updated.body.data.settings).toMatchObject({ geolocation_required: true, anonymous: false });
    const merged = await call(t, 'POST', `surveys/${s.id}`, a.session, { settings: { one_per_person: true } });
    expect(merged.body.data.settings).toMatchObject({ geolocation_required: true, one_per_person: true });
    await publish(t, a.session, s.id);
    const locked = await call(t, 'POST', `surveys/${s.id}`, a.session, { title: 'Trop tard' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toContain('publié');
    const extended = await call(t, 'POST', `surveys/${s.id}`, a.session, { closes_at: '2099-12-31T23:59:59Z' });
    expect(extended.status).toBe(200);
    expect(extended.body.data.closes_at).toBe('2099-12-31T23:59:59.000Z');
  });

  it('soft-deletes drafts and closed surveys, never a published or submitted one (409)', async () => {
    const draft = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]] });
    expect((await call(t, 'DELETE', `surveys/${draft.id}`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', `surveys/${draft.id}`, a.session)).status).toBe(404);
    const live = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]] });
    await call(t, 'POST', `surveys/${live.id}/submit`, a.session);
    expect((await call(t, 'DELETE', `surveys/${live.id}`, a.session)).status).toBe(409);
    await call(t, 'POST', `surveys/${live.id}/publish`, a.session);
    const refused = await call(t, 'DELETE', `surveys/${live.id}`, a.session);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('clôturez-le');
    const refusedEn = await callIn(t, 'en', 'DELETE', `surveys/${live.id}`, a.session);
    expect(refusedEn.body.message).toBe('This form is published: close it before deleting it.');
    await call(t, 'POST', `surveys/${live.id}/close`, a.session);
    expect((await call(t, 'DELETE', `surveys/${live.id}`, a.session)).status).toBe(200);
  });

  it('gives members read access only (403 on writes) and needs an active company', async () => {
    const member = await createMember(t, a.company.id);
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]] });
    expect((await call(t, 'GET', 'surveys', member)).status).toBe(200);
    expect((await call(t, 'POST', 'surveys', member, { title: 'Interdit' })).status).toBe(403);
    expect((await call(t, 'POST', `surveys/${s.id}`, member, { title: 'Interdit' })).status).toBe(403);
    expect((await call(t, 'DELETE', `surveys/${s.id}`, member)).status).toBe(403);
    expect((await call(t, 'POST', `surveys/${s.id}/duplicate`, member)).status).toBe(403);
    const admin = await createAdminSession(t);
    const noCompany = await call(t, 'POST', 'surveys', admin, { title: 'Sans entreprise' });
    expect(noCompany.status).toBe(403);
    expect(noCompany.body.message).toContain('Aucune entreprise active');
  });

  it('shows a platform admin every company survey in the back office', async () => {
    const admin = await createAdminSession(t);
    const s = await buildSurvey(t, b.session, { title: 'Vu par la plateforme', steps: [] });
    expect((await call(t, 'GET', `surveys/${s.id}`, admin)).body.data.title).toBe('Vu par la plateforme');
    const list = await call(t, 'POST', 'surveys/search', admin, { input: 'Vu par la plateforme' });
    expect(list.body.data.map((x: any) => x.id)).toEqual([s.id]);
  });
});

describe('deep duplicate', () => {
  it('copies steps, questions, choices and remaps conditions, as a new draft with a new code', async () => {
    const s = await buildSurvey(t, a.session, {
      title: 'Original',
      steps: [
        [{ type: 'yes_no', label: 'Client ?' }, { type: 'single_choice', label: 'Agence', choices: [{ label: 'Douala' }, { label: 'Yaoundé' }] }],
        [{ type: 'short_text', label: 'Pourquoi ?' }],
      ],
    });
    const choices = (await call(t, 'GET', `questions/${s.questionIds[0][1]}?includes[]=choices`, a.session)).body.data.choices;
    const yaounde = choices[1].id;
    const condition = { all: [{ question_id: s.questionIds[0][1], operator: 'eq', value: yaounde }] };
    expect((await call(t, 'POST', `questions/${s.questionIds[1][0]}`, a.session, { condition })).status).toBe(200);
    await publish(t, a.session, s.id);

    const res = await call(t, 'POST', `surveys/${s.id}/duplicate`, a.session);
    expect(res.status).toBe(201);
    const copy = res.body.data;
    expect(copy).toMatchObject({ title: 'Original (copie)', status: 'draft', published_at: null, company_id: a.company.id });
    expect(copy.code).not.toBe(s.code);
    const full = (await call(t, 'GET', `surveys/${copy.id}?${encodeQuery({ includes: ['steps.questions.choices'] })}`, a.session)).body.data;
    const steps = [...full.steps].sort((x: any, y: any) => x.position - y.position);
    expect(steps.map((x: any) => x.title)).toEqual(['Étape 1', 'Étape 2']);
    const agence = steps[0].questions.find((q: any) => q.label === 'Agence');
    expect(agence.choices.map((c: any) => c.label)).toEqual(['Douala', 'Yaoundé']);
    expect(agence.id).not.toBe(s.questionIds[0][1]);
    const pourquoi = steps[1].questions[0];
    expect(pourquoi.condition).toEqual({ all: [{ question_id: agence.id, operator: 'eq', value: agence.choices[1].id }] });
  });

  it("names the copy in the duplicating person's language (Accept-Language)", async () => {
    const s = await buildSurvey(t, a.session, { title: 'Visite', steps: [] });
    expect((await callIn(t, 'en', 'POST', `surveys/${s.id}/duplicate`, a.session)).body.data.title).toBe('Visite (copy)');
    expect((await callIn(t, 'de', 'POST', `surveys/${s.id}/duplicate`, a.session)).body.data.title).toBe('Visite (Kopie)');
    expect((await callIn(t, 'zh-CN', 'POST', `surveys/${s.id}/duplicate`, a.session)).body.data.title).toBe('Visite (副本)');
  });

  it('answers 404 for another company survey', async () => {
    const other = await buildSurvey(t, b.session, { steps: [] });
    expect((await call(t, 'POST', `surveys/${other.id}/duplicate`, a.session)).status).toBe(404);
  });
});

describe('default questions of evaluations', () => {
  it('copies the company defaults of the target kind into a first step', async () => {
    const q1 = await call(t, 'POST', 'questions', a.session, { default_for: 'agent', label: 'Accueil', type: 'rating', position: 0 });
    expect(q1.status).toBe(201);
    expect(q1.body.data).toMatchObject({ survey_id: null, step_id: null, default_for: 'agent' });
    await call(t, 'POST', 'questions', a.session, {
      default_for: 'agent',
      label: 'Ponctuel ?',
      type: 'single_choice',
      position: 1,
      choices: [{ label: 'Oui', score: 1 }, { label: 'Non', score: 0 }],
    });
    await call(t, 'POST', 'questions', a.session, { default_for: 'site', label: 'Propreté', type: 'scale' });
    const res = await call(t, 'POST', 'surveys', a.session, { title: 'Évaluation agent', type: 'evaluation', target_kind: 'agent' });
    expect(res.status).toBe(201);
    const full = (await call(t, 'GET', `surveys/${res.body.data.id}?${encodeQuery({ includes: ['steps.questions.choices'] })}`, a.session)).body.data;
    expect(full.steps).toHaveLength(1);
    expect(full.steps[0].title).toBe('Questions générales');
    const labels = [...full.steps[0].questions].sort((x: any, y: any) => x.position - y.position).map((q: any) => q.label);
    expect(labels).toEqual(['Accueil', 'Ponctuel ?']);
    const ponctuel = full.steps[0].questions.find((q: any) => q.label === 'Ponctuel ?');
    expect(ponctuel.default_for).toBeNull();
    expect(ponctuel.choices.map((c: any) => [c.label, c.score])).toEqual([['Oui', 1], ['Non', 0]]);
  });

  it("titles the default questions' step in the creator's language", async () => {
    const res = await callIn(t, 'en', 'POST', 'surveys', a.session, { title: 'Agent review', type: 'evaluation', target_kind: 'agent' });
    expect(res.status).toBe(201);
    const full = (await call(t, 'GET', `surveys/${res.body.data.id}?includes[]=steps`, a.session)).body.data;
    expect(full.steps.map((st: any) => st.title)).toEqual(['General questions']);
    const inChinese = await callIn(t, 'zh-CN', 'POST', 'surveys', a.session, { title: '调查员评估', type: 'evaluation', target_kind: 'agent' });
    const chinese = (await call(t, 'GET', `surveys/${inChinese.body.data.id}?includes[]=steps`, a.session)).body.data;
    expect(chinese.steps.map((st: any) => st.title)).toEqual(['一般问题']);
  });

  it('falls back to the platform defaults when the company has none for the kind', async () => {
    const admin = await createAdminSession(t);
    const platform = await call(t, 'POST', 'questions', admin, { default_for: 'workspace', label: 'Espace rangé ?', type: 'yes_no' });
    expect(platform.status).toBe(201);
    expect(platform.body.data.company_id).toBeNull();
    const res = await call(t, 'POST', 'surveys', b.session, { title: 'Évaluation espace', type: 'evaluation', target_kind: 'workspace' });
    const full = (await call(t, 'GET', `surveys/${res.body.data.id}?includes[]=questions`, b.session)).body.data;
    expect(full.questions.map((q: any) => q.label)).toEqual(['Espace rangé ?']);
    expect(full.questions[0].company_id).toBe(b.company.id);
  });

  it('adds nothing to forms, nor to evaluations without defaults', async () => {
    const form = await call(t, 'POST', 'surveys', b.session, { title: 'Simple formulaire' });
    expect((await call(t, 'GET', `surveys/${form.body.data.id}?includes[]=steps`, b.session)).body.data.steps).toEqual([]);
    const group = await call(t, 'POST', 'surveys', b.session, { title: 'Évaluation groupe', type: 'evaluation', target_kind: 'group' });
    expect((await call(t, 'GET', `surveys/${group.body.data.id}?includes[]=steps`, b.session)).body.data.steps).toEqual([]);
  });
});
