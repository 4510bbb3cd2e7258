import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { buildSupervision } from '../../supervision/supervision.test-support';
import { call, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

let t: TestApp;
let admin: Session;
let one: Awaited<ReturnType<typeof buildSupervision>>;
let two: Awaited<ReturnType<typeof buildSupervision>>;
let located: number;

async function submitAt(owner: typeof one, latitude: number, longitude: number) {
  const res = await call(t, 'POST', 'participations', owner.supervisor, {
    survey_code: owner.survey.code,
    client_uuid: randomUUID(),
    status: 'submitted',
    answers: [{ question_id: owner.survey.q.note, value: 4 }],
    target: { kind: 'site', id: owner.site.id },
    geolocation: { latitude, longitude, accuracy: 10 },
  });
  if (res.status !== 201) throw new Error(`participation: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  one = await buildSupervision(t, `Carte A ${randomBytes(3).toString('hex')}`);
  two = await buildSupervision(t, `Carte B ${randomBytes(3).toString('hex')}`);
  for (const owner of [one, two]) {
    const moved = await call(t, 'POST', `sites/${owner.site.id}`, owner.session, { latitude: 3.848, longitude: 11.502 });
    if (moved.status !== 200) throw new Error(`site: ${moved.status} ${JSON.stringify(moved.body)}`);
  }
  located = await submitAt(one, 4.0511, 9.7679);
  await submitAt(two, 5.478, 10.418);
});
afterAll(() => t.close());

const get = (url: string, session: Session | null = admin) => call(t, 'GET', url, session);

describe('GET admin/map', () => {
  it('gives every company’s geolocated sites and participations, with their company and survey', async () => {
    const res = await get('admin/map');
    expect(res.status).toBe(200);
    const { sites, participations, truncated } = res.body.data;
    expect(truncated).toBe(false);
    expect(sites.find((s: any) => s.id === one.site.id)).toMatchObject({ company_id: one.company.id, company_name: one.company.name, latitude: 3.848, longitude: 11.502 });
    expect(sites.find((s: any) => s.id === two.site.id)).toMatchObject({ company_id: two.company.id });
    expect(participations.find((p: any) => p.id === located)).toMatchObject({
      company_id: one.company.id,
      survey_id: one.survey.id,
      survey_title: 'Visite de site',
      latitude: 4.0511,
      longitude: 9.7679,
      created_at: expect.stringMatching(/Z$/),
    });
  });

  it('filters by company, survey and period', async () => {
    const mine = (await get(`admin/map?company_id=${one.company.id}`)).body.data;
    expect(mine.sites.map((s: any) => s.company_id)).toEqual([one.company.id]);
    expect(mine.participations.map((p: any) => p.id)).toEqual([located]);
    const bySurvey = (await get(`admin/map?survey_id=${two.survey.id}`)).body.data;
    expect(bySurvey.participations.every((p: any) => p.survey_id === two.survey.id)).toBe(true);
    expect(bySurvey.participations).toHaveLength(1);
    const past = (await get(`admin/map?company_id=${one.company.id}&from=2000-01-01&to=2000-01-31`)).body.data;
    expect(past.participations).toEqual([]);
    expect(past.sites).toHaveLength(1);
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const now = (await get(`admin/map?company_id=${one.company.id}&from=${today}&to=${today}`)).body.data;
    expect(now.participations.map((p: any) => p.id)).toEqual([located]);
  });

  it('answers 401 signed out, 403 to a non-admin and 422 in French to bad filters', async () => {
    expect((await get('admin/map', null)).status).toBe(401);
    expect((await get('admin/map', one.session)).status).toBe(403);
    const bad = await get('admin/map?company_id=abc&survey_id=-1&from=hier&to=2024-13-01');
    expect(bad.status).toBe(422);
    expect(bad.body.data.company_id[0]).toMatch(/identifiant/);
    expect(bad.body.data.survey_id[0]).toMatch(/identifiant/);
    expect(bad.body.data.from[0]).toMatch(/Date de début invalide/);
    expect(bad.body.data.to[0]).toMatch(/Date de fin invalide/);
    const reversed = await get('admin/map?from=2024-02-01&to=2024-01-01');
    expect(reversed.status).toBe(422);
    expect(reversed.body.data.from[0]).toMatch(/précéder/);
  });
});
