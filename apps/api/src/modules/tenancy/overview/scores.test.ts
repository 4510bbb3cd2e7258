import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRoles } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { addMembership } from '../agents/agents.repository';
import { call, createOwner, createTestUser, type Session, signIn } from '../companies/tenancy.test-support';
import { rebuildScoreDays } from './score-days.rebuild';

// Scorecards: the daily aggregate kept by triggers (equal to a rebuild after every kind
// of write), the overview and site routes read from it, and the customer's evaluations.
let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let bare: Session; // a member of A holding no role
let customer: Session;
let customerId: number;
let surveyId: number;
let otherSurveyId: number;
let site1: number; // Douala (Littoral)
let site2: number; // Yaoundé (Centre)
let workspace1: number; // in site 1
let siteB: number;
let douala: number;
let littoral: number;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Douala' }).format(new Date());

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await t.db.rows<T>(query);
  return row;
}

/** Inserts a submitted participation straight into the table (the triggers must follow). */
async function evaluation(kind: string, target: number, score: number | null, options: { status?: string; daysAgo?: number; userId?: number; company?: number; survey?: number } = {}) {
  const row = await one<{ id: number }>(sql`
    INSERT INTO participations (survey_id, company_id, user_id, target_kind, target_id, status, score, client_uuid, submitted_at)
    VALUES (${options.survey ?? surveyId}, ${options.company ?? a.company.id}, ${options.userId ?? null}, ${kind}, ${target}, ${options.status ?? 'submitted'}, ${score},
      ${`sc-${randomBytes(8).toString('hex')}`}, now() - make_interval(days => ${options.daysAgo ?? 0}))
    RETURNING id`);
  return Number(row.id);
}

type AggRow = Record<string, unknown>;
const snapshot = async (): Promise<AggRow[]> =>
  (
    await t.db.rows<AggRow>(sql`SELECT company_id, survey_id, target_kind, target_id, to_char(day, 'YYYY-MM-DD') AS day, n, n_scored, n_validated,
      round(score_sum::numeric, 6)::float8 AS score_sum, round(score_sq::numeric, 6)::float8 AS score_sq, hist
      FROM score_days WHERE n <> 0 OR n_validated <> 0 OR n_scored <> 0 ORDER BY 1, 2, 3, 4, 5`)
  ).map((r) => ({ ...r, hist: (r.hist as number[]).map(Number) }));

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha Scores');
  b = await createOwner(t, 'Beta Scores');
  const bareUser = await createTestUser(t, { first_name: 'Sans', type: 'agent' });
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId: a.company.id, userId: bareUser.id, job: 'Stagiaire' }));
  await t.db.orm.delete(agentRoles).where(eq(agentRoles.agent_id, agent.id));
  bare = { ...(await signIn(t, bareUser)), agentId: agent.id };
  const customerUser = await createTestUser(t, { first_name: 'Cliente' });
  customerId = customerUser.id;
  customer = await signIn(t, customerUser);

  douala = Number((await one<{ id: number }>(sql`SELECT id FROM zones WHERE type = 'town' AND name = 'Douala'`)).id);
  littoral = Number((await one<{ id: number }>(sql`SELECT id FROM zones WHERE type = 'region' AND name = 'Littoral'`)).id);
  const yaounde = Number((await one<{ id: number }>(sql`SELECT id FROM zones WHERE type = 'town' AND name = 'Yaoundé'`)).id);
  const site = async (company: number, name: string, zone: number) =>
    Number((await one<{ id: number }>(sql`INSERT INTO sites (company_id, name, code, zone_id) VALUES (${company}, ${name}, ${name.toUpperCase().slice(0, 6)}, ${zone}) RETURNING id`)).id);
  site1 = await site(a.company.id, 'Akwa', douala);
  site2 = await site(a.company.id, 'Bastos', yaounde);
  siteB = await site(b.company.id, 'Bonanjo', douala);
  workspace1 = Number((await one<{ id: number }>(sql`INSERT INTO workspaces (company_id, site_id, name, code) VALUES (${a.company.id}, ${site1}, 'Guichet 1', 'GUICH1') RETURNING id`)).id);
  const survey = async (company: number, code: string) =>
    Number(
      (await one<{ id: number }>(sql`INSERT INTO surveys (company_id, code, title, status, type, target_kind)
        VALUES (${company}, ${code}, ${`Visite ${code}`}, 'published', 'evaluation', 'site') RETURNING id`)).id,
    );
  surveyId = await survey(a.company.id, 'SCOREA01');
  otherSurveyId = await survey(b.company.id, 'SCOREB01');
});
afterAll(() => t.close());

describe('score_days, kept by the triggers', () => {
  it('equals a rebuild from scratch after submits, reviews, rescoring, deletions and bulk changes', async () => {
    const ids = [
      await evaluation('site', site1, 8),
      await evaluation('site', site1, 6, { daysAgo: 2 }),
      await evaluation('site', site2, 3),
      await evaluation('workspace', workspace1, 10, { status: 'checked' }),
      await evaluation('site', site2, null),
      await evaluation('site', siteB, 7, { company: b.company.id, survey: otherSurveyId }),
    ];
    // An answer still being written counts for nothing, until it is submitted.
    const draft = await one<{ id: number }>(sql`INSERT INTO participations (survey_id, company_id, target_kind, target_id, status, score, client_uuid)
      VALUES (${surveyId}, ${a.company.id}, 'site', ${site1}, 'in_progress', 5, ${`sc-${randomBytes(8).toString('hex')}`}) RETURNING id`);
    let incremental = await snapshot();
    const row = incremental.find((r) => r.target_kind === 'site' && r.target_id === site1 && r.day === today());
    expect(row).toMatchObject({ n: 1, n_scored: 1, score_sum: 8, score_sq: 64 });
    expect((row!.hist as number[])[9]).toBe(1); // bucket of 8 = index 9 (0 is "below 0")

    await t.db.rows(sql`UPDATE participations SET status = 'submitted', submitted_at = now() WHERE id = ${draft.id}`);
    await t.db.rows(sql`UPDATE participations SET score = 9 WHERE id = ${ids[0]}`); // rescored
    await t.db.rows(sql`UPDATE participations SET status = 'validated' WHERE id = ${ids[3]}`);
    await t.db.rows(sql`UPDATE participations SET deleted_at = now() WHERE id = ${ids[2]}`); // soft deletion
    await t.db.rows(sql`DELETE FROM participations WHERE id = ${ids[1]}`);
    await t.db.rows(sql`UPDATE participations SET target_id = ${site2} WHERE id = ${ids[4]}`); // moved target (same)
    // Through the API too: one check, then the bulk validation.
    expect((await call(t, 'POST', `participations/${ids[0]}/check`, a.session)).status).toBe(200);
    const bulk = await call(t, 'POST', 'participations/bulk/validate', a.session, { filter_groups: [{ filters: [{ key: 'survey_id', operator: 'eq', value: surveyId }] }] });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data).toMatchObject({ changed: 1 });

    incremental = await snapshot();
    const rebuilt = await rebuildScoreDays(t.db);
    expect(rebuilt.rows).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(incremental);
    const akwa = incremental.filter((r) => r.target_id === site1 && r.target_kind === 'site');
    expect(akwa.reduce((sum, r) => sum + Number(r.n), 0)).toBe(2); // 9 (validated) + the draft once submitted (5)
    expect(akwa.reduce((sum, r) => sum + Number(r.n_validated), 0)).toBe(1);
  });

  it('a company rebuild leaves the other companies as they are', async () => {
    const before = await snapshot();
    await t.db.rows(sql`DELETE FROM score_days WHERE company_id = ${a.company.id}`);
    await rebuildScoreDays(t.db, a.company.id);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET overview (scores)', () => {
  it('gives totals, trend, distribution, places and top/bottom targets from the aggregate', async () => {
    const res = await call(t, 'GET', 'overview', a.session);
    expect(res.status).toBe(200);
    const scores = res.body.data.scores;
    const expected = await one<{ n: number; avg: number }>(sql`SELECT count(*)::int AS n, avg(score)::float8 AS avg FROM participations
      WHERE company_id = ${a.company.id} AND deleted_at IS NULL AND status <> 'in_progress' AND target_kind IS NOT NULL AND submitted_at >= now() - interval '29 days'`);
    expect(scores.totals.count).toBe(expected.n);
    expect(scores.totals.average).toBeCloseTo(expected.avg, 2);
    expect(scores.computed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(scores.last_change_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(scores.trend.reduce((sum: number, p: { count: number }) => sum + p.count, 0)).toBe(expected.n);
    const scored = scores.distribution.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0);
    expect(scored).toBe(scores.totals.scored);
    expect(scores.top[0]).toMatchObject({ kind: 'workspace', id: workspace1, name: 'Guichet 1', site_id: site1 });
    // The workspace rolls up into its site, Douala and Littoral.
    const akwa = scores.by_site.rows.find((r: { id: number }) => r.id === site1);
    expect(akwa.count).toBe(3);
    expect(scores.by_town.rows.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Douala', 'Yaoundé']));
    expect(scores.by_region.rows.find((r: { id: number }) => r.id === littoral).count).toBe(3);
    expect(scores.surveys).toEqual([{ id: surveyId, title: 'Visite SCOREA01', count: expected.n }]);
    // Company B's evaluations never show in A's figures.
    expect(scores.by_site.rows.map((r: { id: number }) => r.id)).not.toContain(siteB);
  });

  it('filters by period, survey, zone and target kind, by week too', async () => {
    const inDouala = (await call(t, 'GET', `overview?zone_id=${douala}`, a.session)).body.data.scores;
    expect(inDouala.by_site.rows.map((r: { id: number }) => r.id)).toEqual([site1]);
    const workspaces = (await call(t, 'GET', 'overview?target_kind=workspace', a.session)).body.data.scores;
    expect(workspaces.totals.count).toBe(1);
    const past = (await call(t, 'GET', 'overview?from=2020-01-01&to=2020-01-31', a.session)).body.data.scores;
    expect(past.totals).toMatchObject({ count: 0, average: null });
    expect(past.filters).toMatchObject({ from: '2020-01-01', to: '2020-01-31' });
    const otherSurvey = (await call(t, 'GET', `overview?survey_id=${otherSurveyId}`, a.session)).body.data.scores;
    expect(otherSurvey.totals.count).toBe(0);
    const weekly = (await call(t, 'GET', 'overview?granularity=week', a.session)).body.data.scores;
    for (const point of weekly.trend) expect(new Date(`${point.period}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('401 signed out, no scores without the permission, 404 for another company, 422 bad filters', async () => {
    expect((await call(t, 'GET', 'overview', null)).status).toBe(401);
    expect((await call(t, 'GET', 'overview', bare)).status).toBe(403);
    expect((await call(t, 'GET', `overview/companies/${b.company.id}?from=2026-01-01`, a.session)).status).toBe(404);
    const mine = await call(t, 'GET', `overview/companies/${a.company.id}`, a.session);
    expect(mine.body.data.scores.totals.count).toBeGreaterThan(0);
    for (const bad of ['from=2026-13-45', 'from=2026-05-02&to=2026-05-01', 'granularity=year', 'target_kind=robot', 'from=2020-01-01&to=2026-01-01']) {
      const res = await call(t, 'GET', `overview?${bad}`, a.session);
      expect(res.status, bad).toBe(422);
      expect(res.body.message).toMatch(/[a-zé]/);
    }
  });

  it('leaves the scorecard out when asked (scores=0: the business home shows none), the rest unchanged', async () => {
    const whole = (await call(t, 'GET', 'overview', a.session)).body.data;
    for (const url of ['overview?scores=0', `overview/companies/${a.company.id}?scores=false`]) {
      const light = await call(t, 'GET', url, a.session);
      expect(light.status, url).toBe(200);
      expect(light.body.data.scores, url).toBeUndefined();
      expect(light.body.data.surveys, url).toEqual(whole.surveys);
      expect(light.body.data.participations.to_review, url).toBe(whole.participations.to_review);
    }
    expect((await call(t, 'GET', 'overview?scores=1', a.session)).body.data.scores.totals).toEqual(whole.scores.totals);
    const bad = await call(t, 'GET', 'overview?scores=peut-etre', a.session);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['scores']);
  });

  it('a day the calendar cannot hold is a 422 on its field, never a 500', async () => {
    for (const [query, field] of [['from=9999-12-31', 'from'], ['from=0000-01-01', 'from'], ['to=0001-01-01', 'to']]) {
      for (const url of [`overview?${query}`, `overview/sites/${site1}?${query}`]) {
        const res = await call(t, 'GET', url, a.session);
        expect(res.status, url).toBe(422);
        expect(Object.keys(res.body.errors), url).toEqual([field]);
      }
    }
  });
});

describe('GET overview/sites/{id}', () => {
  it("gives the site's scorecard: the site and its workspaces", async () => {
    const res = await call(t, 'GET', `overview/sites/${site1}`, a.session);
    expect(res.status).toBe(200);
    expect(res.body.data.site).toMatchObject({ id: site1, name: 'Akwa', town: 'Douala', region: 'Littoral' });
    expect(res.body.data.scores.totals.count).toBe(3);
    expect(res.body.data.scores.by_kind.map((k: { kind: string }) => k.kind).sort()).toEqual(['site', 'workspace']);
  });

  it('401 signed out, 403 without the permission, 404 for another company or an unknown site, 422 bad filters', async () => {
    expect((await call(t, 'GET', `overview/sites/${site1}`, null)).status).toBe(401);
    expect((await call(t, 'GET', `overview/sites/${site1}`, bare)).status).toBe(403);
    expect((await call(t, 'GET', `overview/sites/${siteB}`, a.session)).status).toBe(404);
    expect((await call(t, 'GET', 'overview/sites/99999999', a.session)).status).toBe(404);
    expect((await call(t, 'GET', 'overview/sites/abc', a.session)).status).toBe(404);
    expect((await call(t, 'GET', `overview/sites/${site1}?to=hier`, a.session)).status).toBe(422);
  });
});

describe('GET participations/mine/evaluations', () => {
  it("lists the caller's own evaluations with their target and score, newest first", async () => {
    const older = await evaluation('site', site2, 4, { userId: customerId, daysAgo: 3 });
    const newer = await evaluation('workspace', workspace1, 9, { userId: customerId });
    const res = await call(t, 'GET', 'participations/mine/evaluations', customer);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([newer, older]);
    expect(res.body.data[0]).toMatchObject({ score: 9, target: { kind: 'workspace', id: workspace1, name: 'Guichet 1' }, company: { name: 'Alpha Scores' } });
    expect(res.body.meta).toMatchObject({ total: 2, page: 0 });
    // Someone else's evaluations are not listed.
    expect((await call(t, 'GET', 'participations/mine/evaluations', b.session)).body.data).toEqual([]);
  });

  it('names a target by the one naming rule: the company too, and nothing once the target is deleted', async () => {
    const onCompany = await evaluation('company', a.company.id, 5, { userId: customerId });
    const onSite = await evaluation('site', site2, 6, { userId: customerId });
    await t.db.rows(sql`UPDATE sites SET deleted_at = now() WHERE id = ${site2}`);
    try {
      const rows = (await call(t, 'GET', 'participations/mine/evaluations', customer)).body.data as Array<{ id: number; target: { name: string | null } }>;
      expect(rows.find((r) => r.id === onCompany)?.target.name).toBe('Alpha Scores');
      expect(rows.find((r) => r.id === onSite)?.target.name).toBeNull();
    } finally {
      await t.db.rows(sql`UPDATE sites SET deleted_at = NULL WHERE id = ${site2}`);
    }
  });

  it('401 signed out, 422 bad paging', async () => {
    expect((await call(t, 'GET', 'participations/mine/evaluations', null)).status).toBe(401);
    expect((await call(t, 'GET', 'participations/mine/evaluations?limit=0', customer)).status).toBe(422);
    expect((await call(t, 'GET', 'participations/mine/evaluations?page=-1', customer)).status).toBe(422);
  });
});
