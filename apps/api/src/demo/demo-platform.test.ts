import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Session } from '../modules/tenancy/companies/tenancy.test-support';
import { openDemoApp, signInDemo } from '../test/demo-app';
import type { TestApp } from '../test/test-app';
import { DEMO_PLATFORM_COMPANIES } from './demo-platform';
import { seedDemoData } from './demo';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await openDemoApp();
  admin = await signInDemo(t, 'admin@demo.cm', { device: 'demo-platform-device' });
}, 120_000);
afterAll(() => t.close());

describe('demo companies for the back office', () => {
  it('gives the admin companies of several sectors and towns, one suspended, with sites, forms and participations', async () => {
    const res = await call(t, 'GET', 'mnt/companies?limit=50', admin);
    const seeded = res.body.data.filter((c: any) => DEMO_PLATFORM_COMPANIES.some((d) => d.code === c.code));
    expect(seeded).toHaveLength(DEMO_PLATFORM_COMPANIES.length);
    expect(new Set(seeded.map((c: any) => c.sector)).size).toBe(DEMO_PLATFORM_COMPANIES.length);
    expect(new Set(seeded.map((c: any) => c.town)).size).toBe(DEMO_PLATFORM_COMPANIES.length);
    expect(seeded.filter((c: any) => c.status === 'suspended').map((c: any) => c.code)).toEqual(['KRBLGX']);
    const bank = seeded.find((c: any) => c.code === 'CMWEST');
    expect(bank).toMatchObject({ agents: 1, sites: 3, surveys: 1, participations: 64, sector: 'Banque, assurance et microfinance', town: 'Bafoussam' });
    const dashboard = await call(t, 'GET', 'mnt/dashboard', admin);
    expect(dashboard.body.data.companies.suspended).toBe(1);
    expect(dashboard.body.data.busiest.map((c: any) => c.code)).toContain('CMWEST');
  });

  it('is seeded once', async () => {
    await seedDemoData(t.db);
    const res = await call(t, 'GET', 'mnt/companies?q=Wouri', admin);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].participations).toBe(42);
  });
});
