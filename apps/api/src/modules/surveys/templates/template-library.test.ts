import { encodeQuery } from '@app/contracts/query-codec';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import type { Session } from '../../tenancy/companies/tenancy.test-support';
import { call, createOwner, headersOf } from '../../tenancy/companies/tenancy.test-support';
import { buildSurvey, createAdminSession, createMember } from '../surveys/surveys.test-support';

/** The platform's template library: states, served types, the admin's filters and the premium rule. */
let t: TestApp;
let admin: Session;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let categoryId: number;
beforeAll(async () => {
  t = await openTestApp();
  admin = await createAdminSession(t);
  a = await createOwner(t, 'Bibliothèque SARL');
  b = await createOwner(t, 'Autre Bibliothèque');
  [{ id: categoryId }] = await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE type = 'template' AND code = 'audit'`);
});
afterAll(() => t.close());

const changeState = (id: number, session: Session | null, body?: unknown) => call(t, 'POST', `templates/${id}/changestate`, session, body);
const createFrom = (id: number, session: Session, body?: unknown) => call(t, 'POST', `surveys/${id}/createfromtemplate`, session, body);
const list = async (session: Session, filters: unknown[]) =>
  (await call(t, 'GET', `templates?${encodeQuery({ limit: 100, filter_groups: [{ filters: filters as never }] })}`, session)).body.data as Array<Record<string, any>>;

describe('template states (draft, published, retired)', () => {
  it('starts a platform template in draft, publishes it once it has a question, retires it', async () => {
    const empty = await call(t, 'POST', 'templates', admin, { title: 'Modèle vide', category_id: categoryId });
    expect(empty.status).toBe(201);
    expect(empty.body.data).toMatchObject({ template_state: 'draft', active: false, category_id: categoryId, survey_types: ['form'] });
    const refused = await changeState(empty.body.data.id, admin, { state: 'published' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('au moins une question');

    const tpl = await buildSurvey(t, admin, { body: { is_template: true }, title: 'Modèle à publier', steps: [[{ type: 'yes_no' }]] });
    expect((await changeState(tpl.id, admin, { state: 'published' })).body.data).toMatchObject({ template_state: 'published', active: true });
    expect((await changeState(tpl.id, admin, { state: 'retired' })).body.data).toMatchObject({ template_state: 'retired', active: false });
    expect((await createFrom(tpl.id, a.session)).status).toBe(404);
    expect((await changeState(tpl.id, admin, { state: 'draft' })).body.data).toMatchObject({ template_state: 'draft', active: false });
  });

  it('keeps `active` to changestate: an update cannot publish a draft', async () => {
    const tpl = await buildSurvey(t, admin, { body: { is_template: true }, title: 'Brouillon têtu', steps: [[{ type: 'yes_no' }]] });
    const res = await call(t, 'POST', `templates/${tpl.id}`, admin, { active: true, description: 'Décrit' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ template_state: 'draft', active: false, description: 'Décrit' });
  });

  it('answers 401 signed out, 403 to a member, 404 for an unknown or foreign template, 422 for a bad state', async () => {
    const tpl = await buildSurvey(t, admin, { body: { is_template: true }, title: 'Modèle gardé', steps: [[{ type: 'yes_no' }]] });
    expect((await changeState(tpl.id, null, { state: 'published' })).status).toBe(401);
    expect((await changeState(tpl.id, await createMember(t, a.company.id), { state: 'published' })).status).toBe(403);
    expect((await changeState(tpl.id, a.session, { state: 'published' })).status).toBe(404);
    expect((await changeState(2_000_000_000, admin, { state: 'published' })).status).toBe(404);
    const own = await call(t, 'POST', 'templates', b.session, { title: 'Modèle de B' });
    expect((await changeState(own.body.data.id, a.session, { state: 'retired' })).status).toBe(404);
    const bad = await changeState(tpl.id, admin, { state: 'supprimé' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.state[0]).toContain('État inconnu');
    expect((await call(t, 'GET', 'templates/2000000000', admin)).status).toBe(404);
    expect((await call(t, 'GET', 'templates', null)).status).toBe(401);
  });
});

describe('served types', () => {
  it('refuses an empty list, a repeated type and a main type left out (422, in French)', async () => {
    const empty = await call(t, 'POST', 'templates', admin, { title: 'Sans type', survey_types: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.survey_types[0]).toContain('au moins un type');
    expect((await call(t, 'POST', 'templates', admin, { title: 'Doublon', survey_types: ['form', 'form'] })).status).toBe(422);
    const missing = await call(t, 'POST', 'templates', admin, { title: 'Hors type', type: 'form', survey_types: ['evaluation'] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.survey_types[0]).toContain('type principal');
    expect((await call(t, 'POST', 'templates', admin, { title: 'Inconnu', survey_types: ['sondage'] })).status).toBe(422);
  });
});

describe('the admin library list', () => {
  it('filters platform templates by state, served type and category', async () => {
    const tpl = await buildSurvey(t, admin, {
      body: { is_template: true, type: 'form', survey_types: ['form', 'contribution'], category_id: categoryId },
      title: 'Filtrable',
      steps: [[{ type: 'short_text' }]],
    });
    const platform = ['company_id', 'eq', null];
    const drafts = await list(admin, [platform, ['template_state', 'eq', 'draft']]);
    expect(drafts.map((x) => x.id)).toContain(tpl.id);
    expect(drafts.every((x) => x.company_id === null && x.template_state === 'draft')).toBe(true);
    expect((await list(admin, [platform, ['survey_types', 'ct', 'contribution']])).map((x) => x.id)).toContain(tpl.id);
    expect((await list(admin, [platform, ['survey_types', 'ct', 'evaluation']])).map((x) => x.id)).not.toContain(tpl.id);
    const filed = await list(admin, [platform, ['category_id', 'eq', categoryId]]);
    expect(filed.map((x) => x.id)).toContain(tpl.id);
    expect(filed.every((x) => x.category_id === categoryId)).toBe(true);
    // The seeded library is published.
    const published = await list(admin, [platform, ['template_state', 'eq', 'published']]);
    expect(published.length).toBeGreaterThanOrEqual(12);
  });
});

describe('premium templates', () => {
  let premium: Awaited<ReturnType<typeof buildSurvey>>;
  beforeAll(async () => {
    premium = await buildSurvey(t, admin, { body: { is_template: true, premium: true }, title: 'Modèle premium', steps: [[{ type: 'rating', settings: { max: 5 } }]] });
    await changeState(premium.id, admin, { state: 'published' });
  });

  it('shows a premium template to every company, flagged', async () => {
    const offered = (await call(t, 'GET', 'surveys/type/template?limit=100', a.session)).body.data;
    expect(offered.find((x: any) => x.id === premium.id)).toMatchObject({ premium: true, premium_locked: true });
  });

  it('refuses it to a company whose package lacks the feature (403 naming the upgrade)', async () => {
    const res = await createFrom(premium.id, a.session, { title: 'Essai premium' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('premium_required');
    expect(res.body.message).toContain('« Entreprise »');
    expect(res.body.message).toContain('Formules');
    // The same refusal in the caller's language (Accept-Language), same code and status.
    const inEnglish = await t.app.inject({
      method: 'POST',
      url: `/api/v2/surveys/${premium.id}/createfromtemplate`,
      headers: { ...headersOf(a.session), 'accept-language': 'en' },
      payload: { title: 'Premium try' },
    });
    expect(inEnglish.statusCode).toBe(403);
    expect(inEnglish.json()).toMatchObject({
      code: 'premium_required',
      message: 'This template is reserved for packages that include premium templates. Switch to the “Entreprise” package in Packages to use it.',
    });
  });

  it('opens it once the company subscribes to a package with the feature', async () => {
    await t.db.rows(sql`
      INSERT INTO subscriptions (company_id, package_id, status, starts_at, ends_at)
      SELECT ${b.company.id}, id, 'active', now() - interval '1 day', now() + interval '30 days' FROM packages WHERE slug = 'entreprise'`);
    const offered = (await call(t, 'GET', 'surveys/type/template?limit=100', b.session)).body.data;
    expect(offered.find((x: any) => x.id === premium.id)).toMatchObject({ premium: true, premium_locked: false });
    const res = await createFrom(premium.id, b.session, { title: 'Premium chez B' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ premium: false, template_id: premium.id, company_id: b.company.id });
  });

  it('gives the feature to the Entreprise package only, at install', async () => {
    const rows = await t.db.rows<{ slug: string }>(sql`
      SELECT p.slug FROM packages p JOIN package_features pf ON pf.package_id = p.id JOIN features f ON f.id = pf.feature_id
      WHERE f.slug = 'premium_templates' ORDER BY p.slug`);
    expect(rows.map((r) => r.slug)).toEqual(['entreprise']);
  });
});
