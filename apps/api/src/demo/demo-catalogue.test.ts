import { SURVEY_TARGET_KINDS } from '@app/contracts/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Session } from '../modules/tenancy/companies/tenancy.test-support';
import { openDemoApp, signInDemo } from '../test/demo-app';
import type { TestApp } from '../test/test-app';
import { DEMO_MODERATION } from './demo-catalogue';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await openDemoApp();
  admin = await signInDemo(t, 'admin@demo.cm', { device: 'demo-catalogue-device' });
}, 120_000);
afterAll(() => t.close());

describe('the catalogue’s demo data (each mnt catalogue screen has rows)', () => {
  it('a rejected survey with its reason and one waiting, at Boulangerie du Wouri', async () => {
    const rejected = (await call(t, 'GET', `admin/surveys?status=rejected&q=${DEMO_MODERATION.rejected.code}`, admin)).body.data;
    expect(rejected).toHaveLength(1);
    const detail = (await call(t, 'GET', `admin/surveys/${rejected[0].id}`, admin)).body.data;
    expect(detail.facts).toEqual(expect.arrayContaining([{ key: 'rejection', value: DEMO_MODERATION.rejected.reason }]));
    expect(detail.children.length).toBe(2);
    const waiting = (await call(t, 'GET', `admin/surveys?status=submitted&q=${DEMO_MODERATION.submitted.code}`, admin)).body.data;
    expect(waiting).toHaveLength(1);
  });

  it('a template of the bakery’s own, listed apart from its surveys', async () => {
    const templates = (await call(t, 'GET', `admin/surveys?templates=yes&q=${DEMO_MODERATION.template.code}`, admin)).body.data;
    expect(templates).toMatchObject([{ name: DEMO_MODERATION.template.title }]);
    const detail = (await call(t, 'GET', `admin/surveys/${templates[0].id}`, admin)).body.data;
    expect(detail.facts).toEqual(expect.arrayContaining([{ key: 'template', value: 'yes' }]));
    expect(detail.children.length).toBe(2);
    const surveys = (await call(t, 'GET', `admin/surveys?q=${DEMO_MODERATION.template.code}`, admin)).body.data;
    expect(surveys).toEqual([]);
  });

  it('the platform’s default questions of every kind, which a company without its own starts with', async () => {
    const [wouri] = (await call(t, 'GET', 'mnt/companies?q=BKWURE', admin)).body.data;
    for (const kind of SURVEY_TARGET_KINDS) {
      const effective = (await call(t, 'GET', `mnt/companies/${wouri.id}/default-questions/${kind}`, admin)).body.data;
      expect(effective).toMatchObject({ source: 'platform' });
      expect(effective.questions).toHaveLength(3);
    }
  });

  it('articles filed under categories, with bookings in each state', async () => {
    const categories = (await call(t, 'GET', 'admin/articles/categories', admin)).body.data;
    expect(categories.totals).toMatchObject({ pending: 1, confirmed: 2, cancelled: 1, companies: 2 });
    // At least this seed's two; the demo's category tree (demo-categories.ts) may file more.
    expect(categories.rows.filter((r: any) => r.id !== null && r.articles > 0).length).toBeGreaterThanOrEqual(2);
    const list = (await call(t, 'GET', 'admin/articles?limit=100', admin)).body.data;
    expect(list.filter((a: any) => a.figure > 0)).toHaveLength(4);
  });
});
