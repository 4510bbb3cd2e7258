import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

let t: TestApp;
let admin: Session;
let owner: Awaited<ReturnType<typeof createOwner>>;
let surveysFeature: number;

beforeAll(async () => {
  // The package limits are enforced here (the test app turns them off by default).
  t = await openTestApp({ LIMITS_ENFORCED: 'true' });
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  owner = await createOwner(t, 'Accord Spécial SARL');
  [{ id: surveysFeature }] = await t.db.rows<{ id: number }>(sql`SELECT id FROM features WHERE slug = 'surveys'`);
});
afterAll(() => t.close());

const usageOf = async (slug: string) => ((await call(t, 'GET', 'features/usage', owner.session)).body.data.usage as Array<{ slug: string; limit: number | null }>).find((u) => u.slug === slug);

describe('granting one feature to a company (mnt, features tab)', () => {
  it('raises the limit the entitlement checks apply, shows on the company page, and is audited; withdrawing brings the package’s limit back', async () => {
    expect(await usageOf('surveys')).toMatchObject({ limit: 10 });
    const granted = await call(t, 'POST', `mnt/companies/${owner.company.id}/features`, admin, { feature_id: surveysFeature, limit: 11 });
    expect(granted.status).toBe(200);
    expect(granted.body.data.find((f: any) => f.slug === 'surveys')).toMatchObject({ id: surveysFeature, granted: true, limit: 10, company_grant: true, company_limit: 11 });
    expect(await usageOf('surveys')).toMatchObject({ limit: 11 });
    for (let i = 1; i <= 11; i++) expect((await call(t, 'POST', 'surveys', owner.session, { title: `Enquête ${i}` })).status).toBe(201);
    const refused = await call(t, 'POST', 'surveys', owner.session, { title: 'Enquête 12' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('11 enquête(s)');

    // Granted again: the limit changes (unlimited here), and the trail keeps the one before.
    expect((await call(t, 'POST', `mnt/companies/${owner.company.id}/features`, admin, { feature_id: surveysFeature, limit: null })).status).toBe(200);
    expect((await call(t, 'POST', 'surveys', owner.session, { title: 'Enquête 12' })).status).toBe(201);
    const detail = await call(t, 'GET', `mnt/companies/${owner.company.id}`, admin);
    expect(detail.body.data.features.find((f: any) => f.slug === 'surveys')).toMatchObject({ company_grant: true, company_limit: null });

    const withdrawn = await call(t, 'DELETE', `mnt/companies/${owner.company.id}/features/${surveysFeature}`, admin);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data.find((f: any) => f.slug === 'surveys')).toMatchObject({ company_grant: false, company_limit: null });
    expect(await usageOf('surveys')).toMatchObject({ limit: 10 });
    expect((await call(t, 'POST', 'surveys', owner.session, { title: 'Enquête 13' })).status).toBe(409);

    const trail = await call(t, 'GET', `mnt/audit?company_id=${owner.company.id}&action=company.feature`, admin);
    expect(trail.body.data.map((e: any) => e.action)).toEqual(['company.feature.withdraw', 'company.feature.grant', 'company.feature.grant']);
    expect(trail.body.data[1]).toMatchObject({ before: { feature: 'surveys', limit: 11 }, after: { feature: 'surveys', limit: null }, actor_user_id: admin.userId });
    expect(trail.body.data[2]).toMatchObject({ before: null, after: { feature: 'surveys', limit: 11 } });
  });

  it('answers 401, 403, 404 and 422 in French', async () => {
    const url = `mnt/companies/${owner.company.id}/features`;
    const body = { feature_id: surveysFeature, limit: 5 };
    expect((await call(t, 'POST', url, null, body)).status).toBe(401);
    expect((await call(t, 'POST', url, owner.session, body)).status).toBe(403);
    expect((await call(t, 'DELETE', `${url}/${surveysFeature}`, null)).status).toBe(401);
    expect((await call(t, 'DELETE', `${url}/${surveysFeature}`, owner.session)).status).toBe(403);
    expect((await call(t, 'POST', 'mnt/companies/99999999/features', admin, body)).status).toBe(404);
    const notGranted = await call(t, 'DELETE', `${url}/${surveysFeature}`, admin);
    expect(notGranted.status).toBe(404);
    expect(notGranted.body.message).toMatch(/pas accordée/);
    const bad = await call(t, 'POST', url, admin, { feature_id: 'x', limit: -1 });
    expect(bad.status).toBe(422);
    expect(bad.body.data.feature_id[0]).toMatch(/fonctionnalité/);
    expect(bad.body.data.limit[0]).toMatch(/positive/);
    const unknown = await call(t, 'POST', url, admin, { feature_id: 999999, limit: 1 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.feature_id[0]).toMatch(/n'existe pas/);
  });
});
