import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRoles } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { addMembership } from '../../tenancy/agents/agents.repository';
import { call, callIn, createOwner, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

// Review at scale: the review actions on every participation matching the list's filters.
let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let bare: Session;
let surveyA: number;
let surveyA2: number;
let surveyB: number;

async function survey(company: number, code: string): Promise<number> {
  const [row] = await t.db.rows<{ id: number }>(sql`INSERT INTO surveys (company_id, code, title, status) VALUES (${company}, ${code}, ${code}, 'published') RETURNING id`);
  return Number(row.id);
}

/** `count` participations of a survey in a status, submitted `daysAgo` days ago. */
async function seed(company: number, surveyId: number, status: string, count: number, daysAgo = 0) {
  await t.db.rows(sql`INSERT INTO participations (survey_id, company_id, status, client_uuid, submitted_at, score)
    SELECT ${surveyId}, ${company}, ${status}, ${`bulk-${randomBytes(6).toString('hex')}-`} || i, CASE WHEN ${status} = 'in_progress' THEN NULL ELSE now() - make_interval(days => ${daysAgo}) END, i % 10
    FROM generate_series(1, ${count}) AS i`);
}

const statuses = async (surveyId: number) =>
  Object.fromEntries(
    (await t.db.rows<{ status: string; n: number }>(sql`SELECT status, count(*)::int AS n FROM participations WHERE survey_id = ${surveyId} GROUP BY status`)).map((r) => [r.status, Number(r.n)]),
  );

const bySurvey = (id: number) => ({ filter_groups: [{ filters: [{ key: 'survey_id', operator: 'eq', value: id }] }] });

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha Revue');
  b = await createOwner(t, 'Beta Revue');
  const user = await createTestUser(t, { first_name: 'Sans', type: 'agent' });
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId: a.company.id, userId: user.id, job: 'Stagiaire' }));
  await t.db.orm.delete(agentRoles).where(eq(agentRoles.agent_id, agent.id));
  bare = { ...(await signIn(t, user)), agentId: agent.id };
  surveyA = await survey(a.company.id, 'BULKA001');
  surveyA2 = await survey(a.company.id, 'BULKA002');
  surveyB = await survey(b.company.id, 'BULKB001');
  await seed(a.company.id, surveyA, 'submitted', 45);
  await seed(a.company.id, surveyA, 'submitted', 15, 40);
  await seed(a.company.id, surveyA, 'in_progress', 5);
  await seed(a.company.id, surveyA2, 'submitted', 7);
  await seed(b.company.id, surveyB, 'submitted', 12);
});
afterAll(() => t.close());

describe('POST participations/bulk/{action}', () => {
  it('counts first (dry run), then checks every matching row, not only a page', async () => {
    const recent = {
      filter_groups: [...bySurvey(surveyA).filter_groups, { filters: [{ key: 'submitted_at', operator: 'gte', value: new Date(Date.now() - 7 * 86_400_000).toISOString() }] }],
      limit: 10,
      page: 0,
      sort: [{ key: 'created_at', direction: 'desc' }],
    };
    const dry = await call(t, 'POST', 'participations/bulk/check', a.session, { ...recent, dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toEqual({ action: 'check', matched: 45, eligible: 45, changed: 0, skipped: 0, dry_run: true });
    expect(await statuses(surveyA)).toEqual({ submitted: 60, in_progress: 5 });

    const run = await call(t, 'POST', 'participations/bulk/check', a.session, recent);
    expect(run.body.data).toMatchObject({ matched: 45, changed: 45, skipped: 0, dry_run: false });
    expect(await statuses(surveyA)).toEqual({ submitted: 15, checked: 45, in_progress: 5 });
    // Who checked and when is recorded on every row.
    const [stamped] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM participations WHERE survey_id = ${surveyA} AND status = 'checked' AND checked_by = ${a.company.agent_id} AND checked_at IS NOT NULL`);
    expect(Number(stamped.n)).toBe(45);
    // The other survey of the company is left alone.
    expect(await statuses(surveyA2)).toEqual({ submitted: 7 });
  });

  it('validates only what the state machine allows, and says what it skipped', async () => {
    const all = bySurvey(surveyA);
    const dry = await call(t, 'POST', 'participations/bulk/validate', a.session, { ...all, dry_run: true });
    expect(dry.body.data).toMatchObject({ matched: 65, eligible: 45 });
    const run = await call(t, 'POST', 'participations/bulk/validate', a.session, all);
    expect(run.body.data).toMatchObject({ matched: 65, changed: 45, skipped: 20 });
    expect(await statuses(surveyA)).toEqual({ submitted: 15, validated: 45, in_progress: 5 });
    const again = await call(t, 'POST', 'participations/bulk/uncheck', a.session, all);
    expect(again.body.data).toMatchObject({ changed: 0, skipped: 65 });
  });

  it('unchecks a filtered set (status filter and free text)', async () => {
    await call(t, 'POST', 'participations/bulk/check', a.session, bySurvey(surveyA2));
    const res = await call(t, 'POST', 'participations/bulk/uncheck', a.session, {
      filter_groups: [...bySurvey(surveyA2).filter_groups, { filters: [{ key: 'status', operator: 'eq', value: 'checked' }] }],
    });
    expect(res.body.data).toMatchObject({ matched: 7, changed: 7 });
    expect(await statuses(surveyA2)).toEqual({ submitted: 7 });
  });

  it("never reaches another company's participations", async () => {
    const res = await call(t, 'POST', 'participations/bulk/check', a.session, bySurvey(surveyB));
    expect(res.body.data).toMatchObject({ matched: 0, changed: 0 });
    const everything = await call(t, 'POST', 'participations/bulk/check', a.session, { dry_run: true });
    expect(everything.body.data.matched).toBe(65 + 7);
    expect(await statuses(surveyB)).toEqual({ submitted: 12 });
  });

  it('401 signed out, 403 without the permission, 400/422 bad filters or body', async () => {
    expect((await call(t, 'POST', 'participations/bulk/check', null, {})).status).toBe(401);
    expect((await call(t, 'POST', 'participations/bulk/validate', bare, bySurvey(surveyA))).status).toBe(403);
    const unknownKey = await call(t, 'POST', 'participations/bulk/check', a.session, { filter_groups: [{ filters: [{ key: 'payload_hash', operator: 'eq', value: 'x' }] }] });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.message).toMatch(/[a-zé]/);
    const badDry = await call(t, 'POST', 'participations/bulk/check', a.session, { dry_run: 'oui' });
    expect(badDry.status).toBe(422);
    expect((await call(t, 'POST', 'participations/bulk/approve', a.session, {})).status).toBe(404);
  });
});

describe('GET participations: the target named', () => {
  it("names the target of each row (the monitors' rule); another company's target names nothing", async () => {
    const [own] = await t.db.rows<{ id: number }>(sql`INSERT INTO sites (company_id, name, code) VALUES (${a.company.id}, 'Agence Akwa', 'AKWA01') RETURNING id`);
    const [foreign] = await t.db.rows<{ id: number }>(sql`INSERT INTO sites (company_id, name, code) VALUES (${b.company.id}, 'Agence Beta', 'BETA01') RETURNING id`);
    const targeted = await survey(a.company.id, 'BULKA003');
    await t.db.rows(sql`INSERT INTO participations (survey_id, company_id, status, client_uuid, submitted_at, target_kind, target_id) VALUES
      (${targeted}, ${a.company.id}, 'submitted', ${`tn-${randomBytes(6).toString('hex')}-1`}, now(), 'site', ${own.id}),
      (${targeted}, ${a.company.id}, 'submitted', ${`tn-${randomBytes(6).toString('hex')}-2`}, now() - interval '1 minute', 'site', ${foreign.id}),
      (${targeted}, ${a.company.id}, 'submitted', ${`tn-${randomBytes(6).toString('hex')}-3`}, now() - interval '2 minutes', NULL, NULL)`);
    const res = await call(t, 'POST', 'participations/search', a.session, { ...bySurvey(targeted), sort: [{ key: 'submitted_at', direction: 'desc' }] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { target_kind: string | null; target_name: string | null }) => [p.target_kind, p.target_name])).toEqual([
      ['site', 'Agence Akwa'],
      ['site', null],
      [null, null],
    ]);
  });
});

describe('POST participations/bulk/{action}: the timeline', () => {
  it('writes one activity line per run with the count, none for a dry run or a run that changed nothing', async () => {
    const bulkLines = async (session: Session | typeof a.session) =>
      (await call(t, 'GET', 'activities?kind=participations.bulk_validated', session)).body.data as Array<{ subject_name: string; data: { count: number }; actor_name: string | null }>;
    const before = (await bulkLines(a.session)).length;
    const fresh = await survey(a.company.id, 'BULKA004');
    await seed(a.company.id, fresh, 'checked', 12);
    await call(t, 'POST', 'participations/bulk/validate', a.session, { ...bySurvey(fresh), dry_run: true });
    expect((await bulkLines(a.session)).length).toBe(before);
    const run = await call(t, 'POST', 'participations/bulk/validate', a.session, bySurvey(fresh));
    expect(run.body.data.changed).toBe(12);
    const lines = await bulkLines(a.session);
    expect(lines.length).toBe(before + 1);
    expect(lines[0]).toMatchObject({ subject_name: '12 participations validées', data: { count: 12 } });
    expect(lines[0].actor_name).toBeTruthy();
    // Nothing left to validate: no line.
    await call(t, 'POST', 'participations/bulk/validate', a.session, bySurvey(fresh));
    expect((await bulkLines(a.session)).length).toBe(before + 1);
    // Another company's timeline does not get it.
    expect(await bulkLines(b.session)).toEqual([]);
    // Written in the reviewer's language, singular or plural as the language says.
    const other = await survey(a.company.id, 'BULKA014');
    await seed(a.company.id, other, 'checked', 1);
    expect((await callIn(t, 'de', 'POST', 'participations/bulk/validate', a.session, bySurvey(other))).body.data.changed).toBe(1);
    expect((await bulkLines(a.session))[0]).toMatchObject({ subject_name: '1 Teilnahme bestätigt', data: { count: 1 } });
  });
});
