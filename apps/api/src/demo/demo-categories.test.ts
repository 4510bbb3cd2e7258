import { CATEGORY_TYPES } from '@app/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Session } from '../modules/tenancy/companies/tenancy.test-support';
import { openDemoApp, signInDemo } from '../test/demo-app';
import type { TestApp } from '../test/test-app';
import { seedDemoCategories } from './demo-categories';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await openDemoApp();
  admin = await signInDemo(t, 'admin@demo.cm', { device: 'demo-catalogue-device' });
}, 120_000);
afterAll(() => t.close());

describe('demo catalogue for the back office', () => {
  it('gives every kind a tree with a parent and children', async () => {
    for (const type of CATEGORY_TYPES) {
      const res = await call(t, 'GET', `categories/tree/${type}`, admin);
      expect(res.status).toBe(200);
      expect(res.body.data.some((n: any) => n.children.length > 0), type).toBe(true);
    }
  });

  it('files records under the categories of every kind but templates (the template library files its own)', async () => {
    for (const type of CATEGORY_TYPES.filter((k) => k !== 'template')) {
      const res = await call(t, 'GET', `categories/tree/${type}`, admin);
      const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
      const filed = flat(res.body.data).reduce((sum, n) => sum + n.objects, 0);
      expect(filed, type).toBeGreaterThan(0);
    }
  });

  it('has a deactivated sector and a sector with companies; a network of agencies gets unlimited agents', async () => {
    const sectors = await call(t, 'GET', 'sectors?limit=100', admin);
    expect(sectors.body.data.find((s: any) => s.code === 'printing')).toMatchObject({ active: false });
    const bank = sectors.body.data.find((s: any) => s.code === 'bank');
    expect((await call(t, 'GET', `sectors/${bank.id}/companies`, admin)).body.meta.total).toBeGreaterThan(0);
    const companies = await call(t, 'GET', 'mnt/companies?q=CMWEST', admin);
    expect(companies.body.data[0].category).toBe("Réseaux d'agences");
    const features = await call(t, 'GET', `categories/${companies.body.data[0].category_id}/features`, admin);
    expect(features.body.data.find((f: any) => f.slug === 'agents')).toMatchObject({ included: true, limit_value: null });
  });

  it('is idempotent', async () => {
    await seedDemoCategories(t.db);
    const res = await call(t, 'GET', 'categories/tree/template', admin);
    const satisfaction = res.body.data.find((n: any) => n.code === 'satisfaction');
    expect(satisfaction.children.map((c: any) => c.code)).toEqual(['satisfaction-counter', 'satisfaction-nps']);
  });
});
