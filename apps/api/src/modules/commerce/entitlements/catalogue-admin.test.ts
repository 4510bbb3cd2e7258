import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

let t: TestApp;
let admin: Session;
let owner: Session;
let featureIds: Record<string, number>;

beforeAll(async () => {
  t = await openTestApp({ LIMITS_ENFORCED: 'true' });
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  owner = (await createOwner(t, 'Catalogue Admin SARL')).session;
  featureIds = Object.fromEntries((await call(t, 'GET', 'features', admin)).body.data.map((f: { slug: string; id: number }) => [f.slug, f.id]));
});
afterAll(() => t.close());

const bundle = (limits: Record<string, number | null>, overage: Record<string, number> = {}) =>
  Object.entries(limits).map(([slug, limit]) => ({ feature_id: featureIds[slug], limit, overage_price: overage[slug] ?? null }));

describe('the platform admin edits the catalogue', () => {
  it('renames a feature; an owner (every permission of their company) is refused', async () => {
    const res = await call(t, 'POST', `features/${featureIds.articles}`, admin, { name: 'Articles et services', description: 'Catalogue de l’entreprise.' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ slug: 'articles', name: 'Articles et services' });
    expect((await call(t, 'GET', `features/${featureIds.articles}`, owner)).body.data.name).toBe('Articles et services');
    expect((await call(t, 'POST', `features/${featureIds.articles}`, owner, { name: 'Pirate' })).status).toBe(403);
    expect((await call(t, 'POST', `features/${featureIds.articles}`, null, { name: 'Pirate' })).status).toBe(401);
    expect((await call(t, 'POST', 'features/999999', admin, { name: 'Rien' })).status).toBe(404);
    expect((await call(t, 'GET', 'features/999999', admin)).status).toBe(404);
    expect((await call(t, 'GET', `features/${featureIds.articles}`, null)).status).toBe(401);
  });

  it('refuses bad feature input with French messages', async () => {
    const empty = await call(t, 'POST', `features/${featureIds.surveys}`, admin, { name: '   ' });
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain('Le nom est obligatoire.');
    expect((await call(t, 'POST', `features/${featureIds.surveys}`, admin, { slug: 'autre' })).status).toBe(422);
  });

  it('creates a package with its bundle; inactive ones are hidden from companies', async () => {
    const created = await call(t, 'POST', 'packages', admin, {
      slug: 'terrain-plus',
      name: 'Terrain+',
      description: 'Pour les grandes campagnes.',
      price: 40_000,
      period: 'month',
      active: false,
      features: bundle({ surveys: 100, agents: 100, participations: 50_000, storage: 10_000, articles: null }, { participations: 5 }),
    });
    expect(created.status).toBe(201);
    const pkg = created.body.data;
    expect(pkg.features.find((f: { slug: string }) => f.slug === 'participations')).toMatchObject({ limit: 50_000, overage_price: 5 });
    expect((await call(t, 'GET', `packages/${pkg.id}`, owner)).status).toBe(404);
    expect((await call(t, 'GET', 'packages', owner)).body.data.map((p: { slug: string }) => p.slug)).not.toContain('terrain-plus');
    expect((await call(t, 'GET', 'packages', admin)).body.data.map((p: { slug: string }) => p.slug)).toContain('terrain-plus');
    const again = await call(t, 'POST', 'packages', admin, { slug: 'terrain-plus', name: 'Doublon', price: 1, period: 'month', features: [] });
    expect(again.status).toBe(422);
    expect(JSON.stringify(again.body)).toContain('déjà pris');
    expect((await call(t, 'POST', 'packages', owner, { slug: 'pirate', name: 'Pirate', price: 0, period: 'month', features: [] })).status).toBe(403);
    expect((await call(t, 'POST', 'packages', null, { slug: 'pirate', name: 'Pirate', price: 0, period: 'month', features: [] })).status).toBe(401);
  });

  it('refuses bad package input: negative price, unknown period or feature, a feature twice', async () => {
    const base = { slug: 'mauvaise', name: 'Mauvaise', price: 1000, period: 'month', features: [] };
    const negative = await call(t, 'POST', 'packages', admin, { ...base, price: -5 });
    expect(negative.status).toBe(422);
    expect(JSON.stringify(negative.body)).toContain('Le prix ne peut pas être négatif.');
    expect((await call(t, 'POST', 'packages', admin, { ...base, period: 'week' })).status).toBe(422);
    expect((await call(t, 'POST', 'packages', admin, { ...base, slug: 'Majuscules!' })).status).toBe(422);
    const unknown = await call(t, 'POST', 'packages', admin, { ...base, features: [{ feature_id: 999_999, limit: 1 }] });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body)).toContain('Cette fonctionnalité n’existe pas.');
    const inChinese = await t.app.inject({ method: 'POST', url: '/api/v2/packages', headers: { ...headersOf(admin), 'accept-language': 'zh-CN' }, payload: { ...base, features: [{ feature_id: 999_999, limit: 1 }] } });
    expect(inChinese.json().data).toEqual({ 'features.0.feature_id': ['该功能不存在。'] });
    const twice = await call(t, 'POST', 'packages', admin, { ...base, features: bundle({ surveys: 1 }).concat(bundle({ surveys: 2 })) });
    expect(twice.status).toBe(422);
    expect((await call(t, 'POST', 'packages', admin, { ...base, features: [{ feature_id: featureIds.surveys, limit: -1 }] })).status).toBe(422);
  });

  it('a new limit applies at once to the companies on the package', async () => {
    const packages = (await call(t, 'GET', 'packages', admin)).body.data;
    const free = packages.find((p: { slug: string }) => p.slug === 'decouverte');
    const limits = Object.fromEntries(free.features.map((f: { slug: string; limit: number | null }) => [f.slug, f.limit]));
    const res = await call(t, 'POST', `packages/${free.id}`, admin, { features: bundle({ ...limits, surveys: 1 }) });
    expect(res.status).toBe(200);
    expect(res.body.data.features.find((f: { slug: string }) => f.slug === 'surveys').limit).toBe(1);
    expect((await call(t, 'POST', 'surveys', owner, { title: 'Première' })).status).toBe(201);
    const refused = await call(t, 'POST', 'surveys', owner, { title: 'Seconde' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 enquête(s)');
    // Back to ten; the default package stays free and active.
    expect((await call(t, 'POST', `packages/${free.id}`, admin, { features: bundle({ ...limits }) })).status).toBe(200);
    expect((await call(t, 'POST', 'surveys', owner, { title: 'Seconde' })).status).toBe(201);
    expect((await call(t, 'POST', `packages/${free.id}`, admin, { active: false })).status).toBe(409);
    expect((await call(t, 'POST', `packages/${free.id}`, admin, { price: 500 })).status).toBe(422);
  });

  it('changes price and period; 403 for an owner, 404 for no package, 422 for bad input', async () => {
    const packages = (await call(t, 'GET', 'packages', admin)).body.data;
    const essentiel = packages.find((p: { slug: string }) => p.slug === 'essentiel');
    const res = await call(t, 'POST', `packages/${essentiel.id}`, admin, { price: 18_000, period: 'year' });
    expect(res.body.data).toMatchObject({ price: 18_000, period: 'year' });
    expect((await call(t, 'GET', `packages/${essentiel.id}`, owner)).body.data.price).toBe(18_000);
    expect((await call(t, 'POST', `packages/${essentiel.id}`, owner, { price: 1 })).status).toBe(403);
    expect((await call(t, 'POST', `packages/${essentiel.id}`, null, { price: 1 })).status).toBe(401);
    expect((await call(t, 'POST', 'packages/999999', admin, { price: 1 })).status).toBe(404);
    expect((await call(t, 'POST', `packages/${essentiel.id}`, admin, { price: 'gratuit' })).status).toBe(422);
    expect((await call(t, 'POST', `packages/${essentiel.id}`, admin, { slug: 'autre' })).status).toBe(422);
  });
});
