import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../modules/tenancy/companies/tenancy.test-support';
import { openDemoApp } from '../test/demo-app';
import type { TestApp } from '../test/test-app';
import { DEMO_EVALUATIONS } from './demo-evaluations';

let t: TestApp;
beforeAll(async () => {
  t = await openDemoApp();
}, 120_000);
afterAll(() => t.close());

describe('demo evaluations of Démo SARL', () => {
  it('gives every site, workspace, group, agent and audience one public code', async () => {
    const rows = await t.db.rows<{ kind: string; objects: number; coded: number }>(sql`
      SELECT k.kind, k.objects::int, (SELECT count(*)::int FROM target_codes tc JOIN companies c ON c.id = tc.company_id
        WHERE c.code = 'DEMSRL' AND tc.target_kind = k.kind) AS coded
      FROM (
        SELECT 'site' AS kind, count(*) AS objects FROM sites s JOIN companies c ON c.id = s.company_id WHERE c.code = 'DEMSRL'
        UNION ALL SELECT 'workspace', count(*) FROM workspaces w JOIN companies c ON c.id = w.company_id WHERE c.code = 'DEMSRL'
        UNION ALL SELECT 'group', count(*) FROM groups g JOIN companies c ON c.id = g.company_id WHERE c.code = 'DEMSRL'
        UNION ALL SELECT 'agent', count(*) FROM agents a JOIN companies c ON c.id = a.company_id WHERE c.code = 'DEMSRL'
        UNION ALL SELECT 'audience', count(*) FROM audiences a JOIN companies c ON c.id = a.company_id WHERE c.code = 'DEMSRL'
      ) k`);
    for (const row of rows) {
      expect(row.objects, row.kind).toBeGreaterThan(0);
      expect(row.coded, row.kind).toBe(row.objects);
    }
  });

  it('opens a workspace evaluation to anyone scanning a counter, and a site visit survey with three visits, one flagged', async () => {
    const [code] = await t.db.rows<{ code: string }>(sql`
      SELECT tc.code FROM target_codes tc JOIN workspaces w ON w.id = tc.target_id AND tc.target_kind = 'workspace' WHERE w.code = 'AKWA-G1'`);
    const page = await call(t, 'GET', `public/getobject/ws/${code.code}`, null);
    expect(page.body.data).toMatchObject({ target: { name: 'Guichet 1', site: { name: 'Agence Akwa' } }, company: { code: 'DEMSRL' } });
    // Every open survey that evaluates workspaces is offered (the scorecards' demo adds its own).
    expect(page.body.data.surveys.map((s: { code: string }) => s.code)).toContain(DEMO_EVALUATIONS.workspace.code);
    const visits = await t.db.rows<{ geofence_status: string }>(sql`
      SELECT p.geofence_status FROM participations p JOIN surveys s ON s.id = p.survey_id
      WHERE s.code = ${DEMO_EVALUATIONS.site.code} AND p.target_kind = 'site' ORDER BY p.id`);
    expect(visits.map((v) => v.geofence_status)).toEqual(['inside', 'inside', 'outside']);
  });
});
