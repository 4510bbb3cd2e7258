import { randomUUID } from 'node:crypto';
import { LATE_SYNC_MIN_S } from '@app/contracts/workday';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MADE_AT_MAX_AGE_DAYS } from '../../collection/participations/submission.service';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createTestUser, signIn } from '../../tenancy/companies/tenancy.test-support';
import { buildSupervision } from '../supervision.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof buildSupervision>>;
let b: Awaited<ReturnType<typeof buildSupervision>>;

beforeAll(async () => {
  t = await openTestApp();
  a = await buildSupervision(t, 'Alpha Journée');
  b = await buildSupervision(t, 'Beta Journée');
  // Alpha's site has a position: its geofence (150 m) goes to the phone.
  await call(t, 'POST', `sites/${a.site.id}`, a.session, { latitude: 4.0511, longitude: 9.7679, geofence_radius_m: 150 });
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** A visit of Alpha's site by its supervisor, as the phone's outbox sends it. */
function visitBody(clientUuid: string, madeAt: string | undefined, position = { latitude: 4.0512, longitude: 9.768, accuracy: 8 }) {
  return {
    survey_code: a.survey.code,
    client_uuid: clientUuid,
    status: 'submitted',
    answers: [{ question_id: a.survey.q.note, value: 4 }],
    target: { kind: 'site', id: a.site.id },
    geolocation: position,
    ...(madeAt !== undefined && { made_at: madeAt }),
  };
}

describe('GET workday ("Ma journée")', () => {
  it('gives the agent their monitors with target code, name and geofence, and the surveys to answer offline', async () => {
    const res = await call(t, 'GET', 'workday', a.supervisor);
    expect(res.status).toBe(200);
    const day = res.body.data;
    expect(day.company).toEqual({ id: a.company.id, name: expect.any(String) });
    expect(Date.parse(day.generated_at)).not.toBeNaN();
    expect(day.monitors).toHaveLength(1);
    expect(day.monitors[0]).toMatchObject({
      id: a.monitor.id,
      survey_code: a.survey.code,
      survey_title: 'Visite de site',
      target_kind: 'site',
      frequency: 'weekly',
      overdue: false,
      target: { kind: 'site', id: a.site.id, name: a.site.name, code: expect.stringMatching(/^[A-Z0-9]{8}$/), geofence: { latitude: 4.0511, longitude: 9.7679, radius_m: 150 } },
    });
    const definition = day.surveys[a.survey.code];
    expect(definition.survey.code).toBe(a.survey.code);
    expect(definition.steps[0].questions.map((q: { id: number }) => q.id)).toContain(a.survey.q.note);
  });

  it('is each agent’s own: the owner has no monitor of theirs, another company’s never shows (404-like: absent)', async () => {
    const owner = await call(t, 'GET', 'workday', a.session);
    expect(owner.status).toBe(200);
    expect(owner.body.data.monitors).toEqual([]);
    const other = await call(t, 'GET', 'workday', b.supervisor);
    expect(other.body.data.monitors.map((m: { id: number }) => m.id)).toEqual([b.monitor.id]);
    expect(Object.keys(other.body.data.surveys)).toEqual([b.survey.code]);
    // Naming Alpha's company with Beta's agent is no way in: the active agent decides.
    const crossed = await call(t, 'GET', 'workday', { ...b.supervisor, agentId: a.supervisor.agentId });
    expect(crossed.status).not.toBe(200);
  });

  it('401 signed out; 403 without an active company', async () => {
    expect((await call(t, 'GET', 'workday', null)).status).toBe(401);
    const loner = await signIn(t, await createTestUser(t));
    const res = await call(t, 'GET', 'workday', loner);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/entreprise/i);
  });
});

describe('visits sent after a long offline stretch (issue 21)', () => {
  it('keep the time they were made: participation, report and timeline; flagged late with the delay', async () => {
    const madeAt = new Date(Date.now() - 3 * HOUR).toISOString();
    const key = randomUUID();
    const res = await call(t, 'POST', 'participations', a.supervisor, visitBody(key, madeAt));
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p.submitted_at).toBe(madeAt);
    expect(Date.parse(p.received_at) - Date.parse(madeAt)).toBeGreaterThanOrEqual(3 * HOUR);
    expect(Date.parse(p.started_at)).toBeLessThanOrEqual(Date.parse(madeAt));
    expect(p).toMatchObject({ geofence_status: 'inside', latitude: 4.0512, longitude: 9.768, accuracy_m: 8 });

    const reports = await call(t, 'GET', `reports?filter_groups[0][filters][0][key]=participation_id&filter_groups[0][filters][0][value]=${p.id}`, a.session);
    expect(reports.body.data).toHaveLength(1);
    expect(reports.body.data[0].created_at).toBe(madeAt);
    expect(Date.parse(reports.body.data[0].received_at) - Date.parse(madeAt)).toBeGreaterThanOrEqual(3 * HOUR);

    const timeline = await call(t, 'GET', `activities?monitor_id=${a.monitor.id}&limit=50`, a.session);
    const report = timeline.body.data.find((line: { kind: string; subject_id: number }) => line.kind === 'report.created' && line.subject_id === reports.body.data[0].id);
    expect(report.created_at).toBe(madeAt);
    expect(report.data.late_s).toBeGreaterThanOrEqual(3 * 3600 - 5);
    const submitted = (await call(t, 'GET', `activities?limit=100`, a.session)).body.data.find(
      (line: { kind: string; subject_id: number }) => line.kind === 'participation.submitted' && line.subject_id === p.id,
    );
    expect(submitted.created_at).toBe(madeAt);
    expect(submitted.data.late_s).toBeGreaterThanOrEqual(LATE_SYNC_MIN_S);
  });

  it('a resend of the same client key never creates a second participation, report or timeline line', async () => {
    const madeAt = new Date(Date.now() - 2 * HOUR).toISOString();
    const key = randomUUID();
    const body = visitBody(key, madeAt, { latitude: 4.2, longitude: 9.9, accuracy: 20 });
    const first = await call(t, 'POST', 'participations', a.supervisor, body);
    expect(first.status).toBe(201);
    expect(first.body.data.geofence_status).toBe('outside');
    const again = await Promise.all([1, 2, 3].map(() => call(t, 'POST', 'participations', a.supervisor, body)));
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(again.map((r) => r.body.data.id))).toEqual(new Set([first.body.data.id]));
    const [count] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM participations WHERE client_uuid = ${key}`);
    expect(count.n).toBe(1);
    const [reports] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM reports WHERE participation_id = ${first.body.data.id}`);
    expect(reports.n).toBe(1);
    const [lines] = await t.db.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM activities WHERE kind = 'participation.submitted' AND subject_id = ${first.body.data.id}`);
    expect(lines.n).toBe(1);
  });

  it('a visit sent at once is not flagged; a phone clock ahead of the server gets the time of receipt', async () => {
    const now = await call(t, 'POST', 'participations', a.supervisor, visitBody(randomUUID(), new Date(Date.now() - 5_000).toISOString()));
    const line = (await call(t, 'GET', 'activities?limit=100', a.session)).body.data.find(
      (l: { kind: string; subject_id: number }) => l.kind === 'participation.submitted' && l.subject_id === now.body.data.id,
    );
    expect(line.data.late_s).toBeUndefined();
    const ahead = await call(t, 'POST', 'participations', a.supervisor, visitBody(randomUUID(), new Date(Date.now() + 5 * HOUR).toISOString()));
    expect(ahead.status).toBe(201);
    expect(ahead.body.data.submitted_at).toBe(ahead.body.data.received_at);
  });

  it('an anonymous answer is dated on receipt: its made_at is ignored, not refused (issue 21 review)', async () => {
    const res = await call(t, 'POST', 'participations', null, visitBody(randomUUID(), new Date(Date.now() - 3 * 24 * HOUR).toISOString()));
    expect(res.status).toBe(201);
    expect(res.body.data.user_id).toBeNull();
    expect(res.body.data.submitted_at).toBe(res.body.data.received_at);
    expect(Date.parse(res.body.data.started_at)).toBe(Date.parse(res.body.data.received_at));
  });

  it(`a signed-in agent's made_at is kept within ${MADE_AT_MAX_AGE_DAYS} days; older, it is clamped to the window's start`, async () => {
    const withinAt = new Date(Date.now() - (MADE_AT_MAX_AGE_DAYS - 1) * 24 * HOUR).toISOString();
    const within = await call(t, 'POST', 'participations', a.supervisor, visitBody(randomUUID(), withinAt));
    expect(within.status).toBe(201);
    expect(within.body.data.submitted_at).toBe(withinAt);

    const older = await call(t, 'POST', 'participations', a.supervisor, visitBody(randomUUID(), new Date(Date.now() - 90 * 24 * HOUR).toISOString()));
    expect(older.status).toBe(201);
    const p = older.body.data;
    // Exactly the window's start, measured from the time of receipt.
    expect(Date.parse(p.received_at) - Date.parse(p.submitted_at)).toBe(MADE_AT_MAX_AGE_DAYS * 24 * HOUR);
    expect(p.started_at).toBe(p.submitted_at);
  });

  it('refuses an unreadable made_at (422, in French)', async () => {
    const res = await call(t, 'POST', 'participations', a.supervisor, visitBody(randomUUID(), 'hier matin'));
    expect(res.status).toBe(422);
    expect(res.body.errors.made_at[0]).toMatch(/date et heure/);
  });
});
