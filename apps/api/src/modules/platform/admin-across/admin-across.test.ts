import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { buildStructure } from '../../structure/structure.test-support';
import { buildSupervision, evaluate } from '../../supervision/supervision.test-support';
import { call, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

let t: TestApp;
let admin: Session;
let one: Awaited<ReturnType<typeof buildStructure>>;
let two: Awaited<ReturnType<typeof buildStructure>>;
let supervised: Awaited<ReturnType<typeof buildSupervision>>;
let reportId: number;

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  one = await buildStructure(t, `Alpha ${randomBytes(3).toString('hex')}`);
  two = await buildStructure(t, `Beta ${randomBytes(3).toString('hex')}`);
  supervised = await buildSupervision(t, `Gamma ${randomBytes(3).toString('hex')}`);
  await evaluate(t, supervised.supervisor, supervised.survey, { kind: 'site', id: supervised.site.id }, 5);
  const reports = await call(t, 'GET', `admin/reports?company_id=${supervised.company.id}`, admin);
  reportId = reports.body.data[0]?.id;
});
afterAll(() => t.close());

const get = (url: string, session: Session | null = admin) => call(t, 'GET', url, session);

describe('admin lists across companies', () => {
  it.each([
    ['sites', () => [one.site.id, two.site.id]],
    ['workspaces', () => [one.workspace.id, two.workspace.id]],
    ['groups', () => [one.group.id, two.group.id]],
    ['audiences', () => [one.audience.id, two.audience.id]],
    ['contacts', () => [one.contact.id, two.contact.id]],
  ] as const)('%s: every company, with the company column, filtered by company, searchable', async (kind, ids) => {
    const all = await get(`admin/${kind}?limit=100`);
    expect(all.status).toBe(200);
    const [a, b] = ids();
    const rows = all.body.data;
    expect(rows.find((r: any) => r.id === a)).toMatchObject({ company_id: one.company.id, company_name: one.company.name });
    expect(rows.find((r: any) => r.id === b)).toMatchObject({ company_id: two.company.id });
    const filtered = await get(`admin/${kind}?company_id=${one.company.id}&limit=100`);
    expect(filtered.body.data.every((r: any) => r.company_id === one.company.id)).toBe(true);
    const name = rows.find((r: any) => r.id === a).name as string;
    const searched = await get(`admin/${kind}?q=${encodeURIComponent(name)}&company_id=${one.company.id}`);
    expect(searched.body.data.map((r: any) => r.id)).toContain(a);
    const detail = await get(`admin/${kind}/${a}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: a, company_id: one.company.id });
    expect(Array.isArray(detail.body.data.facts)).toBe(true);
  });

  it('shows a site with its town, coordinates and workspaces, and an audience with its sub-audiences', async () => {
    const site = (await get(`admin/sites/${one.site.id}`)).body.data;
    expect(site.facts).toEqual(expect.arrayContaining([{ key: 'town', value: 'Douala' }, expect.objectContaining({ key: 'coordinates' })]));
    expect(site.children.map((c: any) => c.id)).toEqual([one.workspace.id]);
    expect(site.figure).toBe(1);
    const audience = (await get(`admin/audiences/${one.audience.id}`)).body.data;
    expect(audience.children.map((c: any) => c.id)).toEqual([one.sub.id]);
  });

  it('lists supervision reports with their score and company', async () => {
    expect(reportId).toBeDefined();
    const detail = await get(`admin/reports/${reportId}`);
    expect(detail.body.data).toMatchObject({ company_id: supervised.company.id, figure: expect.any(Number) });
    expect(detail.body.data.facts.map((f: any) => f.key)).toEqual(expect.arrayContaining(['survey', 'target', 'score']));
  });

  it('pages, and answers 401, 403, 404 and 422 in French', async () => {
    const paged = await get('admin/sites?limit=1&page=0');
    expect(paged.body.meta).toMatchObject({ limit: 1, page: 0, has_more: true });
    for (const kind of ['sites', 'workspaces', 'groups', 'reports', 'audiences', 'contacts']) {
      expect((await get(`admin/${kind}`, null)).status).toBe(401);
      expect((await get(`admin/${kind}`, one.session)).status).toBe(403);
      expect((await get(`admin/${kind}/1`, one.session)).status).toBe(403);
      expect((await get(`admin/${kind}/99999999`)).status).toBe(404);
      const bad = await get(`admin/${kind}?limit=500&company_id=abc`);
      expect(bad.status).toBe(422);
      expect(bad.body.data.limit[0]).toMatch(/ne peut pas dépasser 100/);
      expect(bad.body.data.company_id[0]).toMatch(/identifiant/);
    }
  });
});

describe('GET admin/overview', () => {
  it('adds up every company’s evaluations, by sector, region and company', async () => {
    const res = await get('admin/overview');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.totals.evaluations).toBeGreaterThanOrEqual(1);
    expect(data.totals.companies).toBeGreaterThanOrEqual(1);
    expect(data.byCompany.find((c: any) => c.id === supervised.company.id)).toMatchObject({ evaluations: 1, average: expect.any(Number) });
    expect(data.bySector.reduce((sum: number, s: any) => sum + s.evaluations, 0)).toBe(data.totals.evaluations);
    expect(data.byRegion.reduce((sum: number, s: any) => sum + s.evaluations, 0)).toBe(data.totals.evaluations);
    expect(data.trend.reduce((sum: number, d: any) => sum + d.evaluations, 0)).toBe(data.totals.evaluations);
    const past = await get('admin/overview?from=2000-01-01&to=2000-01-31');
    expect(past.body.data.totals).toMatchObject({ evaluations: 0, companies: 0, average: null });
  });

  it('answers 401, 403 and 422 in French', async () => {
    expect((await get('admin/overview', null)).status).toBe(401);
    expect((await get('admin/overview', one.session)).status).toBe(403);
    const bad = await get('admin/overview?from=hier');
    expect(bad.status).toBe(422);
    expect(bad.body.data.from[0]).toMatch(/Date de début invalide/);
    const reversed = await get('admin/overview?from=2024-02-01&to=2024-01-01');
    expect(reversed.status).toBe(422);
    expect(reversed.body.data.from[0]).toMatch(/précéder/);
  });
});
