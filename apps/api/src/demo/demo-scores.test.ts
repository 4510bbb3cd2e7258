import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Session } from '../modules/tenancy/companies/tenancy.test-support';
import { openDemoApp, signInDemo, signInDemoOwner } from '../test/demo-app';
import type { TestApp } from '../test/test-app';
import { DEMO_ACCOUNTS } from './demo';

let t: TestApp;
let owner: Session;
let customer: Session;

beforeAll(async () => {
  t = await openDemoApp();
  owner = await signInDemoOwner(t, 'demo-scores-agent@demo.cm');
  customer = await signInDemo(t, DEMO_ACCOUNTS.customer.email, { device: 'demo-scores-client@demo.cm' });
}, 120_000);
afterAll(() => t.close());

describe('demo evaluations of Démo SARL', () => {
  it('fill the scorecards: every site visited, counters rated, reviews at every stage', async () => {
    const scores = (await call(t, 'GET', 'overview?from=2000-01-01&to=2001-01-01', owner)).body.data.scores;
    expect(scores.totals.count).toBe(0);
    const recent = (await call(t, 'GET', 'overview', owner)).body.data.scores;
    expect(recent.totals.count).toBeGreaterThan(20);
    expect(recent.by_site.rows).toHaveLength(5);
    expect(recent.by_town.rows.map((r: { name: string }) => r.name).sort()).toEqual(['Douala', 'Yaoundé']);
    expect(recent.top.length).toBeGreaterThan(0);
    expect(recent.bottom.length).toBeGreaterThan(0);
    const [statuses] = await t.db.rows<{ kinds: number }>(sql`SELECT count(DISTINCT status)::int AS kinds FROM participations WHERE client_uuid LIKE 'demo-evalagce-%'`);
    expect(Number(statuses.kinds)).toBe(3);
    const [once] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM surveys WHERE code IN ('EVALAGCE', 'NTGUCHET')`);
    expect(Number(once.n)).toBe(2);
  });

  it("show on the customer's web/reports", async () => {
    const mine = await call(t, 'GET', 'participations/mine/evaluations', customer);
    expect(mine.body.data).toHaveLength(3);
    expect(mine.body.data[0]).toMatchObject({ survey: { title: 'Notez notre guichet' }, company: { name: 'Démo SARL' }, target: { kind: 'workspace' } });
    expect(mine.body.data[0].score).toBeGreaterThanOrEqual(1);
  });
});
