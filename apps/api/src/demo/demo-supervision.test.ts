import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Session } from '../modules/tenancy/companies/tenancy.test-support';
import { openDemoApp, signInDemoOwner } from '../test/demo-app';
import type { TestApp } from '../test/test-app';

let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await openDemoApp();
  owner = await signInDemoOwner(t, 'demo-supervision-device');
}, 120_000);
afterAll(() => t.close());

describe('demo supervision of Démo SARL', () => {
  it('has monitors with their reports, one inactive, and a timeline, once', async () => {
    const monitors = (await call(t, 'GET', 'monitors', owner)).body.data;
    expect(monitors).toHaveLength(5);
    expect(monitors.filter((m: any) => m.status === 'inactive')).toHaveLength(1);
    const bastos = monitors.find((m: any) => m.target_name === 'Agence Bastos');
    expect(bastos).toMatchObject({ target_kind: 'site', agent_name: 'Hervé Tchamba', frequency: 'weekly', reports_count: 6 });
    expect(bastos.average_score).toBeGreaterThan(0);
    const reports = (await call(t, 'GET', `reports?filter_groups[0][filters][0][key]=monitor_id&filter_groups[0][filters][0][value]=${bastos.id}`, owner)).body.data;
    expect(reports).toHaveLength(6);
    expect(reports.every((r: any) => r.score > 0 && r.survey_id)).toBe(true);
    const timeline = await call(t, 'GET', `activities?monitor_id=${bastos.id}&limit=100`, owner);
    const kinds = timeline.body.data.map((a: any) => a.kind);
    expect(kinds.filter((k: string) => k === 'report.created')).toHaveLength(6);
    expect(kinds.at(-1)).toBe('monitors.created');
    const sitesCreated = await call(t, 'GET', 'activities?kind=sites.created', owner);
    expect(sitesCreated.body.data).toHaveLength(5);
  });
});
