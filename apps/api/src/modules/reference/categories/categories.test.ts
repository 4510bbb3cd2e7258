import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

let t: TestApp;
let admin: Session;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  owner = await createOwner(t, 'Savonnerie de Limbé');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, url: string, session: Session | null, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api/v2/${url}`, headers: session ? headersOf(session) : {}, ...(payload !== undefined && { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

let seq = 0;
async function newCategory(type: string, name: string, parent_id: number | null = null) {
  seq += 1;
  const res = await call('POST', 'categories', admin, { type, name, code: `c-${type}-${seq}`, parent_id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; position: number; parent_id: number | null };
}

/** A platform template (company null) straight in the table: the template library is another module's. */
async function newTemplate(title: string): Promise<number> {
  const [row] = await t.db.rows<{ id: number }>(sql`
    INSERT INTO surveys (code, title, is_template, status) VALUES (${`TPL${Date.now()}${seq++}`}, ${title}, true, 'published') RETURNING id`);
  return row.id;
}

describe('categories: who may call', () => {
  it('answers 401 signed out and 403 to a company owner for every write and admin read', async () => {
    const cat = await newCategory('template', 'Audits');
    const company = await newCategory('company', 'Coopératives');
    for (const [method, url, body] of [
      ['POST', 'categories', { type: 'template', name: 'Pirate', code: 'pirate' }],
      ['POST', `categories/${cat.id}`, { name: 'Renommée' }],
      ['DELETE', `categories/${cat.id}`, undefined],
      ['POST', 'categories/reorder', { type: 'template', parent_id: null, ids: [cat.id] }],
      ['GET', `categories/${cat.id}/objects`, undefined],
      ['POST', `categories/${cat.id}/objects`, { ids: [1] }],
      ['DELETE', `categories/${cat.id}/objects/1`, undefined],
      ['GET', `categories/${company.id}/features`, undefined],
      ['GET', `categories/${company.id}/features/1`, undefined],
      ['PUT', `categories/${company.id}/features/1`, { limit_value: 3 }],
      ['DELETE', `categories/${company.id}/features/1`, undefined],
    ] as const) {
      expect((await call(method, url, null, body)).status, `${method} ${url}`).toBe(401);
      expect((await call(method, url, owner.session, body)).status, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', 'categories/tree/template', null)).status).toBe(401);
  });
});

describe('categories: trees', () => {
  it('creates a parent and children, appends positions, and nests them in the tree with counts for admins', async () => {
    const parent = await newCategory('step', 'Accueil');
    const a = await newCategory('step', 'Identification du site', parent.id);
    const b = await newCategory('step', 'Coordonnées', parent.id);
    expect([a.position, b.position]).toEqual([0, 1]);
    const tree = await call('GET', 'categories/tree/step', admin);
    expect(tree.status).toBe(200);
    const node = tree.body.data.find((n: any) => n.id === parent.id);
    expect(node.children.map((c: any) => c.name)).toEqual(['Identification du site', 'Coordonnées']);
    expect(node.objects).toBe(0);
    // A company's picker sees the active tree, without the platform's counts.
    const picker = await call('GET', 'categories/tree/step', owner.session);
    expect(picker.body.data.find((n: any) => n.id === parent.id).objects).toBeUndefined();
    await call('POST', `categories/${b.id}`, admin, { active: false });
    const hidden = await call('GET', 'categories/tree/step', owner.session);
    expect(hidden.body.data.find((n: any) => n.id === parent.id).children.map((c: any) => c.id)).toEqual([a.id]);
    expect((await call('GET', 'categories/tree/stepz', admin)).status).toBe(404);
    expect((await call('GET', 'categories/tree/step?active=oui', admin)).status).toBe(422);
  });

  it('reorders siblings and refuses a list that is not exactly the siblings', async () => {
    const parent = await newCategory('question', 'Qualité');
    const a = await newCategory('question', 'Accueil', parent.id);
    const b = await newCategory('question', 'Propreté', parent.id);
    const c = await newCategory('question', 'Attente', parent.id);
    const res = await call('POST', 'categories/reorder', admin, { type: 'question', parent_id: parent.id, ids: [c.id, a.id, b.id] });
    expect(res.status).toBe(200);
    const node = res.body.data.find((n: any) => n.id === parent.id);
    expect(node.children.map((n: any) => n.name)).toEqual(['Attente', 'Accueil', 'Propreté']);
    const partial = await call('POST', 'categories/reorder', admin, { type: 'question', parent_id: parent.id, ids: [c.id, a.id] });
    expect(partial.status).toBe(422);
    expect(partial.body.data.ids[0]).toContain('toutes les sous-catégories');
    const twice = await call('POST', 'categories/reorder', admin, { type: 'question', parent_id: parent.id, ids: [c.id, c.id, a.id] });
    expect(twice.status).toBe(422);
    const wrongType = await call('POST', 'categories/reorder', admin, { type: 'article', parent_id: parent.id, ids: [a.id] });
    expect(wrongType.status).toBe(422);
    const empty = await call('POST', 'categories/reorder', admin, { type: 'question', parent_id: parent.id, ids: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.data.ids[0]).toBe('Donnez au moins une catégorie');
  });

  it('refuses a cycle, a parent of another kind and the category itself as parent', async () => {
    const root = await newCategory('template', 'Enquêtes terrain');
    const child = await newCategory('template', 'Recensement', root.id);
    const grandChild = await newCategory('template', 'Ménages', child.id);
    const cycle = await call('POST', `categories/${root.id}`, admin, { parent_id: grandChild.id });
    expect(cycle.status).toBe(422);
    expect(cycle.body.data.parent_id[0]).toContain('une de ses propres sous-catégories');
    const self = await call('POST', `categories/${root.id}`, admin, { parent_id: root.id });
    expect(self.body.data.parent_id[0]).toContain('sa propre parente');
    const other = await newCategory('article', 'Boissons');
    const kind = await call('POST', `categories/${child.id}`, admin, { parent_id: other.id });
    expect(kind.status).toBe(422);
    expect(kind.body.data.parent_id[0]).toContain('même type');
    // A legal move: the grandchild goes up under the root, last among its new siblings.
    const moved = await call('POST', `categories/${grandChild.id}`, admin, { parent_id: root.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ parent_id: root.id, position: 1 });
  });

  it('answers a French 422 for bad input and 404 for unknown ids', async () => {
    const bad = await call('POST', 'categories', admin, { type: 'voiture', name: 'A', code: 'A B' });
    expect(bad.status).toBe(422);
    const text = JSON.stringify(bad.body.data);
    expect(text).toContain('Type de catégorie inconnu');
    expect(text).toContain('au moins 2 caractères');
    const parent = await call('POST', 'categories', admin, { type: 'template', name: 'Orpheline', code: 'orpheline', parent_id: 999999 });
    expect(parent.body.data.parent_id[0]).toContain("n'existe pas");
    for (const [method, url, body] of [
      ['GET', 'categories/999999', undefined],
      ['POST', 'categories/999999', { name: 'Rien du tout' }],
      ['DELETE', 'categories/999999', undefined],
      ['GET', 'categories/999999/objects', undefined],
      ['POST', 'categories/999999/objects', { ids: [1] }],
      ['DELETE', 'categories/999999/objects/1', undefined],
      ['GET', 'categories/999999/features', undefined],
      ['PUT', 'categories/999999/features/1', { limit_value: 1 }],
    ] as const) {
      expect((await call(method, url, admin, body)).status, `${method} ${url}`).toBe(404);
    }
  });
});

describe('categories: records filed and the in-use rule', () => {
  it('files templates under a category, lists them, refuses to delete it (409) until emptied', async () => {
    const cat = await newCategory('template', 'Hygiène');
    const t1 = await newTemplate('Audit hygiène cuisine');
    const t2 = await newTemplate('Audit hygiène sanitaires');
    const filed = await call('POST', `categories/${cat.id}/objects`, admin, { ids: [t1, t2] });
    expect(filed.status).toBe(200);
    expect(filed.body.data.filed).toBe(2);
    const list = await call('GET', `categories/${cat.id}/objects?q=cuisine`, admin);
    expect(list.body.data.map((r: any) => r.label)).toEqual(['Audit hygiène cuisine']);
    expect(list.body.meta.total).toBe(1);
    // Candidates: what could still be filed here, never what already is (the seeded library's hygiene audit may be one).
    const candidates = await call('GET', `categories/${cat.id}/objects?scope=candidates&q=hygi`, admin);
    expect(candidates.status).toBe(200);
    expect(candidates.body.data.map((r: any) => r.id)).not.toContain(t1);
    expect(candidates.body.data.map((r: any) => r.id)).not.toContain(t2);
    const refused = await call('DELETE', `categories/${cat.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('category_in_use');
    expect(refused.body.message).toContain('utilisée par 2 éléments');
    // A company's survey is not a template: filing it is refused, all or nothing.
    const [survey] = await t.db.rows<{ id: number }>(sql`INSERT INTO surveys (code, title, company_id) VALUES ('NOTTPL1', 'Pas un modèle', ${owner.company.id}) RETURNING id`);
    const mixed = await call('POST', `categories/${cat.id}/objects`, admin, { ids: [survey.id] });
    expect(mixed.status).toBe(422);
    expect(mixed.body.data.ids[0]).toContain("n'existent pas");
    expect((await call('DELETE', `categories/${cat.id}/objects/${survey.id}`, admin)).status).toBe(404);
    for (const id of [t1, t2]) expect((await call('DELETE', `categories/${cat.id}/objects/${id}`, admin)).status).toBe(200);
    expect((await call('DELETE', `categories/${cat.id}`, admin)).status).toBe(200);
  });

  it('refuses to delete a category that has subcategories', async () => {
    const parent = await newCategory('article', 'Alimentation');
    await newCategory('article', 'Boulangerie', parent.id);
    const refused = await call('DELETE', `categories/${parent.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 sous-catégorie');
    for (const [language, text] of [['en', 'This category contains 1 subcategory: move or delete it first.'], ['zh-CN', '此类别包含 1 个子类别：请先移动或删除它们。']]) {
      const translated = await t.app.inject({ method: 'DELETE', url: `/api/v2/categories/${parent.id}`, headers: { ...headersOf(admin), 'accept-language': language } });
      expect(translated.json()).toMatchObject({ code: 'category_in_use', message: text });
    }
  });

  it('files companies and filters the admin companies list by category (subcategories included)', async () => {
    const parent = await newCategory('company', 'Industrie');
    const child = await newCategory('company', 'Agro-industrie', parent.id);
    expect((await call('POST', `categories/${child.id}/objects`, admin, { ids: [owner.company.id] })).status).toBe(200);
    const listed = await call('GET', `mnt/companies?category_id=${parent.id}`, admin);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((c: any) => c.name)).toEqual(['Savonnerie de Limbé']);
    expect(listed.body.data[0].category).toBe('Agro-industrie');
    const none = await call('GET', `mnt/companies?category_id=${(await newCategory('company', 'Vide')).id}`, admin);
    expect(none.body.data).toEqual([]);
  });
});

describe('categories: features a company category gives', () => {
  it('gives, reads and withdraws a feature; its limit applies to the companies of the category', async () => {
    const cat = await newCategory('company', 'Grands comptes');
    const [feature] = await t.db.rows<{ id: number }>(sql`SELECT id FROM features WHERE slug = 'articles'`);
    const before = await call('GET', 'features/usage', owner.session);
    const baseLimit = before.body.data.usage.find((u: any) => u.slug === 'articles').limit;
    const given = await call('PUT', `categories/${cat.id}/features/${feature.id}`, admin, { limit_value: 5000 });
    expect(given.status).toBe(200);
    expect(given.body.data).toMatchObject({ included: true, limit_value: 5000, companies: 0 });
    await call('POST', `categories/${cat.id}/objects`, admin, { ids: [owner.company.id] });
    expect((await call('GET', `categories/${cat.id}/features/${feature.id}`, admin)).body.data.companies).toBe(1);
    const list = await call('GET', `categories/${cat.id}/features`, admin);
    expect(list.body.data.find((f: any) => f.id === feature.id)).toMatchObject({ included: true, limit_value: 5000 });
    const after = await call('GET', 'features/usage', owner.session);
    expect(after.body.data.usage.find((u: any) => u.slug === 'articles').limit).toBe(5000);
    expect((await call('DELETE', `categories/${cat.id}/features/${feature.id}`, admin)).status).toBe(200);
    expect((await call('DELETE', `categories/${cat.id}/features/${feature.id}`, admin)).status).toBe(404);
    const back = await call('GET', 'features/usage', owner.session);
    expect(back.body.data.usage.find((u: any) => u.slug === 'articles').limit).toBe(baseLimit);
  });

  it('refuses features on another kind of category, bad limits and unknown features', async () => {
    const cat = await newCategory('company', 'Startups');
    const tpl = await newCategory('template', 'Divers');
    const other = await call('GET', `categories/${tpl.id}/features`, admin);
    expect(other.status).toBe(422);
    expect(other.body.data.id[0]).toContain("catégories d'entreprises");
    const negative = await call('PUT', `categories/${cat.id}/features/1`, admin, { limit_value: -1 });
    expect(negative.status).toBe(422);
    expect(negative.body.data.limit_value[0]).toBe('La limite ne peut être négative');
    expect((await call('PUT', `categories/${cat.id}/features/999999`, admin, { limit_value: 1 })).status).toBe(404);
    expect((await call('GET', `categories/${cat.id}/features/999999`, admin)).status).toBe(404);
  });
});
