import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { buildSurvey, createAdminSession, createMember, publish } from '../../surveys/surveys/surveys.test-support';
import { call, createOwner, type Session } from '../../tenancy/companies/tenancy.test-support';

let t: TestApp;
let admin: Session;
let one: Awaited<ReturnType<typeof createOwner>>;
let two: Awaited<ReturnType<typeof createOwner>>;
let member: Session;
const tag = () => randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await openTestApp();
  admin = await createAdminSession(t);
  one = await createOwner(t, `Moderée ${tag()}`);
  two = await createOwner(t, `Autre ${tag()}`);
  member = await createMember(t, one.company.id);
});
afterAll(() => t.close());

const get = (url: string, session: Session | null = admin) => call(t, 'GET', url, session);
const post = (url: string, body?: unknown, session: Session | null = admin) => call(t, 'POST', url, session, body ?? {});

async function publishedSurvey(owner = one, title = `Publié ${tag()}`) {
  const built = await buildSurvey(t, owner.session, { title, steps: [[{ type: 'short_text', label: 'Votre avis' }]] });
  await publish(t, owner.session, built.id);
  return built;
}

describe('admin/surveys: every company’s surveys', () => {
  it('lists both companies’ surveys with their company, filtered by company, type, status and search, and shows one', async () => {
    const a = await publishedSurvey(one, `Alpha ${tag()}`);
    const b = await buildSurvey(t, two.session, { title: `Bravo ${tag()}`, body: { type: 'evaluation', target_kind: 'site' }, steps: [[{ type: 'rating', settings: { max: 5 } }]] });
    const all = (await get('admin/surveys?limit=100')).body.data;
    expect(all.find((r: any) => r.id === a.id)).toMatchObject({ company_id: one.company.id, company_name: one.company.name, status: 'published', figure: 0 });
    expect(all.find((r: any) => r.id === b.id)).toMatchObject({ company_id: two.company.id, status: 'draft' });
    const byCompany = (await get(`admin/surveys?company_id=${two.company.id}&limit=100`)).body.data;
    expect(byCompany.map((r: any) => r.id)).toContain(b.id);
    expect(byCompany.every((r: any) => r.company_id === two.company.id)).toBe(true);
    const evaluations = (await get('admin/surveys?type=evaluation&limit=100')).body.data;
    expect(evaluations.map((r: any) => r.id)).toContain(b.id);
    expect(evaluations.map((r: any) => r.id)).not.toContain(a.id);
    const published = (await get('admin/surveys?status=published&limit=100')).body.data;
    expect(published.every((r: any) => r.status === 'published')).toBe(true);
    const title = all.find((r: any) => r.id === a.id).name as string;
    expect((await get(`admin/surveys?q=${encodeURIComponent(title)}`)).body.data.map((r: any) => r.id)).toEqual([a.id]);
    const detail = (await get(`admin/surveys/${a.id}`)).body.data;
    expect(detail).toMatchObject({ id: a.id, company_id: one.company.id });
    expect(detail.facts).toEqual(expect.arrayContaining([{ key: 'code', value: a.code }, { key: 'type', value: 'form' }, { key: 'questions', value: '1' }]));
    expect(detail.children).toEqual([expect.objectContaining({ name: 'Votre avis' })]);
  });

  it('lists companies’ templates apart (templates=yes), never among the surveys', async () => {
    const template = await buildSurvey(t, one.session, { title: `Modèle ${tag()}`, body: { is_template: true }, steps: [[{ type: 'short_text' }]] });
    const templates = (await get(`admin/surveys?templates=yes&company_id=${one.company.id}`)).body.data;
    expect(templates.map((r: any) => r.id)).toContain(template.id);
    const surveys = (await get(`admin/surveys?company_id=${one.company.id}&limit=100`)).body.data;
    expect(surveys.map((r: any) => r.id)).not.toContain(template.id);
    expect((await get(`admin/surveys/${template.id}`)).body.data.facts).toEqual(expect.arrayContaining([{ key: 'template', value: 'yes' }]));
  });
});

describe('moderation: reject with a reason, close', () => {
  it('rejects a published survey: the owner reads the reason on the survey and in a notification; the audit trail has it', async () => {
    const s = await publishedSurvey();
    const reason = 'Les questions demandent des données bancaires : retirez-les.';
    const res = await post(`admin/surveys/${s.id}/reject`, { comment: `  ${reason}  ` });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: s.id, status: 'rejected' });
    expect(res.body.data.facts).toEqual(expect.arrayContaining([{ key: 'rejection', value: reason }]));
    const seen = await get(`surveys/${s.id}`, one.session);
    expect(seen.body.data).toMatchObject({ status: 'rejected', rejection_comment: reason });
    const mine = await get('notifications', one.session);
    const notice = mine.body.data.find((n: any) => n.data?.survey_id === s.id);
    expect(notice).toMatchObject({ kind: 'notification', body: `Raison : ${reason}` });
    expect(notice.title).toMatch(/rejeté le formulaire/);
    const [entry] = await t.db.rows<any>(sql`SELECT * FROM audit_log WHERE object_type = 'survey' AND object_id = ${s.id} AND action = 'survey.moderation.reject'`);
    expect(entry).toMatchObject({ actor_user_id: admin.userId, company_id: one.company.id });
    expect(entry.before).toMatchObject({ status: 'published' });
    expect(entry.after).toMatchObject({ status: 'rejected', rejection_comment: reason });
    // The owner may correct it and publish it again (its own lifecycle is unchanged).
    await publish(t, one.session, s.id);
    expect((await get(`surveys/${s.id}`, one.session)).body.data.status).toBe('published');
  });

  it('rejects a submitted survey and closes its pending publication request', async () => {
    await t.db.rows(sql`INSERT INTO survey_policies (company_id, publication_requires_approval) VALUES (${two.company.id}, true)
                         ON CONFLICT (company_id) DO UPDATE SET publication_requires_approval = true`);
    const s = await buildSurvey(t, two.session, { title: `Soumis ${tag()}`, steps: [[{ type: 'short_text' }]] });
    expect((await post(`surveys/${s.id}/submit`, {}, two.session)).status).toBe(200);
    expect((await post(`admin/surveys/${s.id}/reject`, { comment: 'Titre trompeur.' })).status).toBe(200);
    const [approval] = await t.db.rows<any>(sql`SELECT status, comment FROM approvals WHERE approvalable_type = 'survey_publication' AND approvalable_id = ${s.id}`);
    expect(approval).toMatchObject({ status: 'rejected', comment: 'Titre trompeur.' });
  });

  it('closes a published survey (audited); refuses what the state does not allow with a French 409', async () => {
    const s = await publishedSurvey();
    const closed = await post(`admin/surveys/${s.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.data.status).toBe('closed');
    const [entry] = await t.db.rows<any>(sql`SELECT after FROM audit_log WHERE object_id = ${s.id} AND action = 'survey.moderation.close'`);
    expect(entry.after).toMatchObject({ status: 'closed' });
    const again = await post(`admin/surveys/${s.id}/close`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Impossible de clôturer ce formulaire : il est/);
    const rejectClosed = await post(`admin/surveys/${s.id}/reject`, { comment: 'Trop tard.' });
    expect(rejectClosed.status).toBe(409);
    const draft = await buildSurvey(t, one.session, { title: `Brouillon ${tag()}`, steps: [[{ type: 'short_text' }]] });
    expect((await post(`admin/surveys/${draft.id}/reject`, { comment: 'Pas encore.' })).status).toBe(409);
    const template = await buildSurvey(t, one.session, { title: `Modèle ${tag()}`, body: { is_template: true }, steps: [[{ type: 'short_text' }]] });
    expect((await post(`admin/surveys/${template.id}/close`)).status).toBe(409);
  });

  it('answers 401 signed out, 403 to a company owner or member, 404 for an unknown id, 422 for a missing reason', async () => {
    const s = await publishedSurvey();
    expect((await get('admin/surveys', null)).status).toBe(401);
    expect((await post(`admin/surveys/${s.id}/reject`, { comment: 'x' }, null)).status).toBe(401);
    expect((await post(`admin/surveys/${s.id}/reject`, { comment: 'Raison valable' }, one.session)).status).toBe(403);
    expect((await post(`admin/surveys/${s.id}/close`, {}, member)).status).toBe(403);
    expect((await get('admin/surveys', one.session)).status).toBe(403);
    expect((await get(`admin/surveys/${s.id}`, two.session)).status).toBe(403);
    expect((await get('admin/surveys/99999999')).status).toBe(404);
    expect((await post('admin/surveys/99999999/reject', { comment: 'Raison valable' })).status).toBe(404);
    expect((await post('admin/surveys/99999999/close')).status).toBe(404);
    const missing = await post(`admin/surveys/${s.id}/reject`, {});
    expect(missing.status).toBe(422);
    expect(missing.body.data.comment[0]).toMatch(/raison du rejet/);
    const short = await post(`admin/surveys/${s.id}/reject`, { comment: ' a ' });
    expect(short.status).toBe(422);
    const badQuery = await get('admin/surveys?status=archived&type=quiz&templates=peut-etre');
    expect(badQuery.status).toBe(422);
    expect(badQuery.body.data.status[0]).toMatch(/Statut inconnu/);
    expect(badQuery.body.data.type[0]).toMatch(/Type de formulaire inconnu/);
    expect((await get('admin/surveys?colour=blue')).status).toBe(400);
    expect((await get(`surveys/${s.id}`, one.session)).body.data.status).toBe('published');
  });
});

describe('admin/articles: every company’s articles, their categories and bookings', () => {
  it('lists articles with category and bookings, filters them, shows one with its bookings, and sums the categories', async () => {
    const [cat] = await t.db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM categories WHERE type = 'article' ORDER BY id LIMIT 1`);
    const created = await post('articles', { name: `Tablette ${tag()}`, price: 15000, stock: 3, category_id: cat.id }, one.session);
    expect(created.status).toBe(201);
    const article = created.body.data;
    const other = await post('articles', { name: `Atelier ${tag()}`, kind: 'service', price: 5000 }, two.session);
    const customer = await createOwner(t, `Client ${tag()}`);
    const booked = await post('bookings', { article_id: article.id, quantity: 2 }, { ...customer.session, agentId: undefined });
    expect(booked.status).toBe(201);
    const list = (await get('admin/articles?limit=100')).body.data;
    expect(list.find((r: any) => r.id === article.id)).toMatchObject({ company_id: one.company.id, detail: cat.name, figure: 1, status: 'active' });
    expect(list.find((r: any) => r.id === other.body.data.id)).toMatchObject({ company_id: two.company.id, detail: null });
    const inCategory = (await get(`admin/articles?category_id=${cat.id}&limit=100`)).body.data;
    expect(inCategory.map((r: any) => r.id)).toContain(article.id);
    expect(inCategory.map((r: any) => r.id)).not.toContain(other.body.data.id);
    const services = (await get('admin/articles?kind=service&limit=100')).body.data;
    expect(services.map((r: any) => r.id)).toEqual(expect.arrayContaining([other.body.data.id]));
    expect(services.map((r: any) => r.id)).not.toContain(article.id);
    const detail = (await get(`admin/articles/${article.id}`)).body.data;
    expect(detail.facts).toEqual(expect.arrayContaining([{ key: 'category', value: cat.name }, { key: 'price', value: '15000 XAF' }, { key: 'bookings', value: '1' }]));
    expect(detail.children).toEqual([expect.objectContaining({ detail: expect.stringMatching(/^2 × · en attente · \d{2}\/\d{2}\/\d{4}$/) })]);
    const categories = (await get('admin/articles/categories')).body.data;
    expect(categories.rows.find((r: any) => r.id === cat.id)).toMatchObject({ name: cat.name, articles: expect.any(Number), bookings: expect.any(Number) });
    expect(categories.rows.find((r: any) => r.id === cat.id).bookings).toBeGreaterThanOrEqual(1);
    expect(categories.rows.find((r: any) => r.id === null).articles).toBeGreaterThanOrEqual(1);
    expect(categories.totals.pending).toBeGreaterThanOrEqual(1);
  });

  it('filters by a parent category through its children (the one category tree)', async () => {
    const [root] = await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE type = 'article' AND parent_id IS NULL ORDER BY id LIMIT 1`);
    const child = await post('categories', { type: 'article', name: `Sous-rayon ${tag()}`, code: `sous-rayon-${tag()}`, parent_id: root.id });
    expect(child.status).toBe(201);
    const filed = await post('articles', { name: `Jus ${tag()}`, price: 500, category_id: child.body.data.id }, one.session);
    expect(filed.status).toBe(201);
    const underRoot = (await get(`admin/articles?category_id=${root.id}&limit=100`)).body.data.map((r: any) => r.id);
    expect(underRoot).toContain(filed.body.data.id);
    const underChild = (await get(`admin/articles?category_id=${child.body.data.id}&limit=100`)).body.data;
    expect(underChild.map((r: any) => r.id)).toEqual([filed.body.data.id]);
  });

  it('answers 401, 403, 404 and 422/400 in French', async () => {
    expect((await get('admin/articles', null)).status).toBe(401);
    expect((await get('admin/articles/categories', null)).status).toBe(401);
    expect((await get('admin/articles', one.session)).status).toBe(403);
    expect((await get('admin/articles/categories', member)).status).toBe(403);
    expect((await get('admin/articles/99999999')).status).toBe(404);
    const bad = await get('admin/articles?category_id=abc&kind=meuble');
    expect(bad.status).toBe(422);
    expect(bad.body.data.category_id[0]).toMatch(/identifiant/);
    expect(bad.body.data.kind[0]).toMatch(/Nature inconnue/);
    expect((await get('admin/articles/categories?x=1')).status).toBe(400);
  });
});

describe('default questions: the platform’s set, a company’s override (default-questions.ts)', () => {
  const firstStepLabels = async (owner: typeof one, kind: string) => {
    const created = await post('surveys', { title: `Évaluation ${kind} ${tag()}`, type: 'evaluation', target_kind: kind }, owner.session);
    expect(created.status).toBe(201);
    const full = await get(`surveys/${created.body.data.id}?includes[]=steps.questions`, owner.session);
    const step = full.body.data.steps[0];
    return step ? [...step.questions].sort((x: any, y: any) => x.position - y.position).map((q: any) => q.label) : [];
  };

  it('a new evaluation starts with the platform’s set until the company defines its own, which then replaces it whole', async () => {
    const platform = [`Accueil ${tag()}`, `Clarté ${tag()}`];
    for (const label of platform) expect((await post('questions', { default_for: 'audience', label, type: 'rating', settings: { max: 5 } })).status).toBe(201);
    const seen = (await get(`mnt/companies/${one.company.id}/default-questions/audience`)).body.data;
    expect(seen).toMatchObject({ source: 'platform' });
    expect(seen.questions.map((q: any) => q.label)).toEqual(expect.arrayContaining(platform));
    expect(await firstStepLabels(one, 'audience')).toEqual(expect.arrayContaining(platform));

    const own = `Propre à l’entreprise ${tag()}`;
    const created = await post('questions', { default_for: 'audience', label: own, type: 'yes_no' }, one.session);
    expect(created.status).toBe(201);
    const overridden = (await get(`mnt/companies/${one.company.id}/default-questions/audience`)).body.data;
    expect(overridden).toMatchObject({ source: 'company', questions: [expect.objectContaining({ label: own, company_id: one.company.id })] });
    expect(await firstStepLabels(one, 'audience')).toEqual([own]);
    // The other company keeps the platform's.
    expect((await get(`mnt/companies/${two.company.id}/default-questions/audience`)).body.data.source).toBe('platform');
    expect(await firstStepLabels(two, 'audience')).toEqual(expect.arrayContaining(platform));

    // An inactive own set is no set: the platform's applies again.
    expect((await post(`questions/${created.body.data.id}/changestate`, { state: 'inactive' }, one.session)).status).toBe(200);
    expect((await get(`mnt/companies/${one.company.id}/default-questions/audience`)).body.data.source).toBe('platform');
  });

  it('a company never writes the platform’s set; the admin edits it through the questions API', async () => {
    const made = await post('questions', { default_for: 'workspace', label: `Rangement ${tag()}`, type: 'yes_no' });
    expect(made.body.data.company_id).toBeNull();
    expect((await post(`questions/${made.body.data.id}`, { label: 'Changé par une entreprise' }, one.session)).status).toBe(404);
    expect((await call(t, 'DELETE', `questions/${made.body.data.id}`, one.session)).status).toBe(404);
    const renamed = await post(`questions/${made.body.data.id}`, { label: 'Espace rangé ?' });
    expect(renamed.status).toBe(200);
    expect((await get(`mnt/companies/${two.company.id}/default-questions/workspace`)).body.data.questions.map((q: any) => q.label)).toContain('Espace rangé ?');
    expect((await call(t, 'DELETE', `questions/${made.body.data.id}`, admin)).status).toBe(200);
  });

  it('every change of a default question, the platform’s set or a company’s, is audited with its before and after', async () => {
    const trail = async (id: number) =>
      t.db.rows<{ action: string; company_id: number | null; before: any; after: any }>(
        sql`SELECT action, company_id, before, after FROM audit_log WHERE object_type = 'question' AND object_id = ${id} ORDER BY id`,
      );
    const label = `Propreté ${tag()}`;
    const made = (await post('questions', { default_for: 'site', label, type: 'yes_no' })).body.data;
    expect(await trail(made.id)).toEqual([{ action: 'default_question.create', company_id: null, before: null, after: expect.objectContaining({ label, default_for: 'site' }) }]);
    expect((await post(`questions/${made.id}`, { label: 'Site propre ?' })).status).toBe(200);
    expect((await post(`questions/${made.id}/changestate`, { state: 'inactive' })).status).toBe(200);
    expect((await call(t, 'DELETE', `questions/${made.id}`, admin)).status).toBe(200);
    const entries = await trail(made.id);
    expect(entries.map((e) => e.action)).toEqual(['default_question.create', 'default_question.update', 'default_question.state', 'default_question.delete']);
    expect(entries[1]).toMatchObject({ before: { label }, after: { label: 'Site propre ?' } });
    expect(entries[2]).toMatchObject({ before: { state: 'active' }, after: { state: 'inactive' } });
    expect(entries[3]).toMatchObject({ before: { label: 'Site propre ?' }, after: null });

    // A company's own set: the entry is filed under the company (its own trail shows it).
    const own = (await post('questions', { default_for: 'group', label: `Accueil du groupe ${tag()}`, type: 'rating', settings: { max: 5 } }, one.session)).body.data;
    const copy = (await post(`questions/${own.id}/duplicate`, {}, one.session)).body.data;
    expect(await trail(own.id)).toEqual([expect.objectContaining({ action: 'default_question.create', company_id: one.company.id })]);
    expect(await trail(copy.id)).toEqual([expect.objectContaining({ action: 'default_question.duplicate', company_id: one.company.id, before: null })]);

    // A survey's own questions are not default questions: no entry.
    const survey = await buildSurvey(t, one.session, { title: `Sans trace ${tag()}`, steps: [[{ type: 'short_text', label: 'Libre' }]] });
    const [question] = await t.db.rows<{ id: number }>(sql`SELECT id FROM questions WHERE survey_id = ${survey.id}`);
    expect((await post(`questions/${question.id}`, { label: 'Libre, renommée' }, one.session)).status).toBe(200);
    expect(await trail(question.id)).toEqual([]);
  });

  it('GET mnt/companies/{id}/default-questions/{type}: 401, 403, 404, 400', async () => {
    expect((await get(`mnt/companies/${one.company.id}/default-questions/site`, null)).status).toBe(401);
    expect((await get(`mnt/companies/${one.company.id}/default-questions/site`, one.session)).status).toBe(403);
    expect((await get('mnt/companies/99999999/default-questions/site')).status).toBe(404);
    // A path naming no possible kind names nothing: 404, like an unknown id (error-handler.ts).
    const bad = await get(`mnt/companies/${one.company.id}/default-questions/planete`);
    expect(bad.status).toBe(404);
    expect(bad.body.message).toMatch(/n’existe pas|n'existe pas|supprimée/);
    expect((await get(`mnt/companies/${one.company.id}/default-questions/site?x=1`)).status).toBe(400);
    expect((await get(`mnt/companies/${one.company.id}/default-questions/site`)).body.data).toEqual({ source: 'none', questions: [] });
  });
});
