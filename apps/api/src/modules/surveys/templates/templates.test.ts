import { encodeQuery } from '@app/contracts/query-codec';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import type { Session } from '../../tenancy/companies/tenancy.test-support';
import { call, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { buildSurvey, createAdminSession, createMember } from '../surveys/surveys.test-support';

let t: TestApp;
let admin: Session;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let platformTemplate: Awaited<ReturnType<typeof buildSurvey>>;
/** Platform templates start in draft: published here so companies see them. */
const publishTemplate = async (id: number) => {
  const res = await call(t, 'POST', `templates/${id}/changestate`, admin, { state: 'published' });
  if (res.status !== 200) throw new Error(`publish template: ${res.status} ${JSON.stringify(res.body)}`);
};
beforeAll(async () => {
  t = await openTestApp();
  admin = await createAdminSession(t);
  a = await createOwner(t, 'Modèles SARL');
  b = await createOwner(t, 'Autres Modèles');
  platformTemplate = await buildSurvey(t, admin, {
    title: 'Qualitatif Zorglub (modèle)',
    body: { is_template: true, price: 5000, settings: { anonymous: true } },
    steps: [
      [{ type: 'single_choice', label: 'Recommanderiez-vous ?', choices: [{ label: 'Oui' }, { label: 'Non' }] }],
      [{ type: 'long_text', label: 'Commentaire' }],
    ],
  });
  await publishTemplate(platformTemplate.id);
});
afterAll(() => t.close());

const available = async (session: Session) => (await call(t, 'GET', 'surveys/type/template?limit=100', session)).body.data;

describe('templates resource', () => {
  it('lets a platform admin build platform templates with price and premium flag', async () => {
    const res = await call(t, 'GET', `templates/${platformTemplate.id}?${encodeQuery({ includes: ['steps.questions.choices'] })}`, admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ company_id: null, is_template: true, premium: false, price: 5000, template_state: 'published', survey_types: ['form'] });
    expect(res.body.data.steps).toHaveLength(2);
  });

  it('shows companies the platform templates (read-only) and their own, never another company’s', async () => {
    const own = await call(t, 'POST', 'templates', a.session, { title: 'Modèle maison A' });
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({ company_id: a.company.id, is_template: true, premium: false, template_state: 'published', active: true });
    await call(t, 'POST', 'templates', b.session, { title: 'Modèle maison B' });
    const titles = (await call(t, 'GET', 'templates?limit=100', a.session)).body.data.map((x: any) => x.title);
    expect(titles).toContain('Qualitatif Zorglub (modèle)');
    expect(titles).toContain('Modèle maison A');
    expect(titles).not.toContain('Modèle maison B');
    const read = await call(t, 'GET', `templates/${platformTemplate.id}?includes[]=steps`, a.session);
    expect(read.body.data.steps).toHaveLength(2);
    expect((await call(t, 'POST', `templates/${platformTemplate.id}`, a.session, { title: 'Volé' })).status).toBe(404);
    expect((await call(t, 'DELETE', `templates/${platformTemplate.id}`, a.session)).status).toBe(404);
    expect((await call(t, 'POST', 'steps', a.session, { survey_id: platformTemplate.id, title: 'Ajout' })).status).toBe(422);
    expect((await call(t, 'POST', `steps/${platformTemplate.stepIds[0]}`, a.session, { title: 'Volé' })).status).toBe(404);
  });

  it('keeps price and premium to platform templates (422 for a company)', async () => {
    const res = await call(t, 'POST', 'templates', a.session, { title: 'Modèle payant', premium: true, price: 100 });
    expect(res.status).toBe(422);
    expect(res.body.errors.premium[0]).toContain('plateforme');
  });

  it('edits a company template structure at any time (templates are never published)', async () => {
    const tpl = await buildSurvey(t, a.session, { body: { is_template: true }, title: 'Modèle éditable', steps: [[{ type: 'short_text' }]] });
    expect((await call(t, 'POST', 'questions', a.session, { step_id: tpl.stepIds[0], label: 'Ajout', type: 'number' })).status).toBe(201);
    const submit = await call(t, 'POST', `surveys/${tpl.id}/submit`, a.session);
    expect(submit.status).toBe(409);
    expect(submit.body.message).toContain('Un modèle ne se publie pas');
  });

  it('hides an inactive platform template from companies (changestate)', async () => {
    const tpl = await buildSurvey(t, admin, { body: { is_template: true }, title: 'Modèle retiré', steps: [[{ type: 'short_text' }]] });
    expect((await available(a.session)).map((x: any) => x.id)).not.toContain(tpl.id);
    expect((await call(t, 'GET', `templates/${tpl.id}`, a.session)).status).toBe(404);
    await publishTemplate(tpl.id);
    expect((await available(a.session)).map((x: any) => x.id)).toContain(tpl.id);
    const off = await call(t, 'POST', `templates/${tpl.id}/changestate`, admin);
    expect(off.body.data).toMatchObject({ active: false, template_state: 'retired' });
    expect((await available(a.session)).map((x: any) => x.id)).not.toContain(tpl.id);
    expect((await call(t, 'GET', `templates/${tpl.id}`, a.session)).status).toBe(404);
    expect((await call(t, 'GET', `templates/${tpl.id}`, admin)).status).toBe(200);
    expect((await call(t, 'POST', `surveys/${tpl.id}/createfromtemplate`, a.session)).status).toBe(404);
    expect((await call(t, 'POST', `templates/${tpl.id}/changestate`, a.session)).status).toBe(404);
    expect((await call(t, 'POST', `templates/${tpl.id}/changestate`, admin, { state: 'active' })).body.data).toMatchObject({ active: true, template_state: 'published' });
  });

  it('refuses template writes to members (403)', async () => {
    const member = await createMember(t, a.company.id);
    expect((await call(t, 'POST', 'templates', member, { title: 'Non' })).status).toBe(403);
    expect((await call(t, 'GET', 'templates', member)).status).toBe(403);
  });
});

describe('GET surveys/type/template', () => {
  it('lists the active platform templates and the company’s own, with the query object', async () => {
    const list = await available(a.session);
    expect(list.every((x: any) => x.is_template && x.active && (x.company_id === null || x.company_id === a.company.id))).toBe(true);
    const query = encodeQuery({ filter_groups: [{ filters: [['price', 'eq', 5000]] }] });
    const priced = (await call(t, 'GET', `surveys/type/template?${query}`, a.session)).body.data;
    expect(priced.map((x: any) => x.id)).toEqual([platformTemplate.id]);
    const searched = await call(t, 'POST', 'surveys/type/template/search', a.session, { input: 'zorglub' });
    expect(searched.body.data.map((x: any) => x.id)).toEqual([platformTemplate.id]);
    expect((await call(t, 'GET', 'surveys/type/template', null)).status).toBe(401);
  });
});

describe('GET surveys/type/template by category (the picker of the new-survey dialog)', () => {
  it('narrows to a set of categories (a category and those below it) and searches within it', async () => {
    const [parent] = await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE type = 'template' AND code = 'audit'`);
    const child = await call(t, 'POST', 'categories', admin, { type: 'template', name: `Sous-audit ${Date.now()}`, code: `sous-audit-${Date.now()}`, parent_id: parent.id });
    expect(child.status).toBe(201);
    const filed = await buildSurvey(t, admin, { body: { is_template: true, category_id: child.body.data.id }, title: 'Audit de caisse Picorette', steps: [[{ type: 'yes_no' }]] });
    await publishTemplate(filed.id);
    const inSet = encodeQuery({ limit: 100, filter_groups: [{ filters: [['category_id', 'in', [parent.id, child.body.data.id]]] }] });
    const rows = (await call(t, 'GET', `surveys/type/template?${inSet}`, a.session)).body.data;
    expect(rows.map((x: any) => x.id)).toContain(filed.id);
    expect(rows.every((x: any) => [parent.id, child.body.data.id].includes(x.category_id))).toBe(true);
    expect(rows.map((x: any) => x.id)).not.toContain(platformTemplate.id);
    const searched = await call(t, 'POST', 'surveys/type/template/search', a.session, {
      input: 'picorette',
      filter_groups: [{ filters: [['category_id', 'in', [parent.id, child.body.data.id]]] }],
    });
    expect(searched.body.data.map((x: any) => x.id)).toEqual([filed.id]);
    const elsewhere = await call(t, 'POST', 'surveys/type/template/search', a.session, { input: 'picorette', filter_groups: [{ filters: [['category_id', 'in', [2_000_000_000]]] }] });
    expect(elsewhere.body.data).toEqual([]);
    const bad = await call(t, 'GET', `surveys/type/template?${encodeQuery({ filter_groups: [{ filters: [['category_id', 'in', ['abc']]] }] })}`, a.session);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[éè]|entier|nombre/i);
  });
});

describe('GET templates: who sees which', () => {
  it('gives the platform admin the platform library only (every state), never a company’s templates', async () => {
    const own = await call(t, 'POST', 'templates', a.session, { title: 'Modèle interne A (portée)' });
    const draft = await buildSurvey(t, admin, { body: { is_template: true }, title: 'Brouillon de la plateforme (portée)', steps: [[{ type: 'yes_no' }]] });
    const rows = (await call(t, 'GET', 'templates?limit=100&with_total=true', admin)).body.data as Array<Record<string, any>>;
    expect(rows.every((x) => x.company_id === null && x.is_template === true)).toBe(true);
    expect(rows.map((x) => x.id)).toContain(draft.id);
    expect(rows.map((x) => x.id)).not.toContain(own.body.data.id);
    // Asking for a company's rows by filter does not widen the library.
    const asked = encodeQuery({ limit: 100, filter_groups: [{ filters: [['company_id', 'eq', a.company.id]] }] });
    expect((await call(t, 'GET', `templates?${asked}`, admin)).body.data).toEqual([]);
    // The company's template stays readable one by one (the moderation and company pages open it).
    expect((await call(t, 'GET', `templates/${own.body.data.id}`, admin)).status).toBe(200);
  });

  it('gives a company its own and the platform’s published templates; 401 signed out, 403 without the permission', async () => {
    const rows = (await call(t, 'GET', 'templates?limit=100', b.session)).body.data as Array<Record<string, any>>;
    expect(rows.every((x) => x.company_id === b.company.id || (x.company_id === null && x.active === true))).toBe(true);
    expect((await call(t, 'GET', 'templates', null)).status).toBe(401);
    const member = await createMember(t, b.company.id);
    const refused = await call(t, 'GET', 'templates', member);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/[a-zé]/);
    const bad = await call(t, 'GET', `templates?${encodeQuery({ filter_groups: [{ filters: [['inconnu', 'eq', 1]] }] })}`, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/filtr|clé|inconnu/i);
  });
});

describe('createfromtemplate and copy', () => {
  it('creates a draft survey of the company with the template structure', async () => {
    const res = await call(t, 'POST', `surveys/${platformTemplate.id}/createfromtemplate`, a.session, {
      title: 'Satisfaction agence Akwa',
      closes_at: '2099-01-01T00:00:00Z',
    });
    expect(res.status).toBe(201);
    const survey = res.body.data;
    expect(survey).toMatchObject({
      title: 'Satisfaction agence Akwa',
      company_id: a.company.id,
      is_template: false,
      template_id: platformTemplate.id,
      status: 'draft',
      premium: false,
      price: null,
      author_agent_id: a.company.agent_id,
    });
    expect(survey.settings.anonymous).toBe(true);
    expect(survey.code).not.toBe(platformTemplate.code);
    const full = (await call(t, 'GET', `surveys/${survey.id}?${encodeQuery({ includes: ['steps.questions.choices'] })}`, a.session)).body.data;
    expect(full.steps.map((s: any) => s.company_id)).toEqual([a.company.id, a.company.id]);
    const question = full.steps.find((s: any) => s.position === 0).questions[0];
    expect(question.choices.map((c: any) => c.label)).toEqual(['Oui', 'Non']);
    expect(question.company_id).toBe(a.company.id);
    expect((await call(t, 'POST', `steps/${full.steps[0].id}`, a.session, { title: 'Renommée' })).status).toBe(200);
    const source = await call(t, 'GET', `templates/${platformTemplate.id}?includes[]=steps`, admin);
    expect(source.body.data.steps.map((s: any) => s.title)).not.toContain('Renommée');
  });

  it('refuses another company template (404) and shape errors (422)', async () => {
    const foreign = await call(t, 'POST', 'templates', b.session, { title: 'Privé B' });
    expect((await call(t, 'POST', `surveys/${foreign.body.data.id}/createfromtemplate`, a.session)).status).toBe(404);
    const notTemplate = await buildSurvey(t, a.session, { steps: [] });
    expect((await call(t, 'POST', `surveys/${notTemplate.id}/createfromtemplate`, a.session)).status).toBe(404);
    const res = await call(t, 'POST', `surveys/${platformTemplate.id}/createfromtemplate`, a.session, { type: 'evaluation' });
    expect(res.status).toBe(422);
    expect(res.body.errors.type[0]).toContain('form');
    const both = await buildSurvey(t, admin, { body: { is_template: true, survey_types: ['form', 'evaluation'] }, title: 'Deux usages', steps: [[{ type: 'yes_no' }]] });
    await publishTemplate(both.id);
    const noTarget = await call(t, 'POST', `surveys/${both.id}/createfromtemplate`, a.session, { type: 'evaluation' });
    expect(noTarget.status).toBe(422);
    expect(noTarget.body.errors.target_kind).toBeDefined();
    const evaluation = await call(t, 'POST', `surveys/${both.id}/createfromtemplate`, a.session, { type: 'evaluation', target_kind: 'site' });
    expect(evaluation.status).toBe(201);
    expect(evaluation.body.data).toMatchObject({ type: 'evaluation', target_kind: 'site', template_state: null, survey_types: [] });
  });

  it('copies a survey into a company template, structure included', async () => {
    const s = await buildSurvey(t, a.session, { title: 'Enquête réussie', steps: [[{ type: 'rating', label: 'Note' }]] });
    const res = await call(t, 'POST', `surveys/${s.id}/copy`, a.session, { title: 'Modèle issu de l’enquête' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ is_template: true, company_id: a.company.id, title: 'Modèle issu de l’enquête', status: 'draft' });
    const full = (await call(t, 'GET', `templates/${res.body.data.id}?includes[]=questions`, a.session)).body.data;
    expect(full.questions.map((q: any) => q.label)).toEqual(['Note']);
    expect((await available(a.session)).map((x: any) => x.id)).toContain(res.body.data.id);
    const member = await createMember(t, a.company.id);
    expect((await call(t, 'POST', `surveys/${s.id}/copy`, member)).status).toBe(403);
  });

  it('lets a platform admin turn a company survey into a platform template', async () => {
    const s = await buildSurvey(t, b.session, { title: 'Bonne pratique B', steps: [[{ type: 'yes_no' }]] });
    const res = await call(t, 'POST', `surveys/${s.id}/copy`, admin);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ company_id: null, is_template: true, title: 'Bonne pratique B', template_state: 'draft' });
    expect((await available(a.session)).map((x: any) => x.id)).not.toContain(res.body.data.id);
    await publishTemplate(res.body.data.id);
    expect((await available(a.session)).map((x: any) => x.id)).toContain(res.body.data.id);
  });
});
