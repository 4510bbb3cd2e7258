// The results summed from result_days (the request path) against the full recount of the
// answers (results.repository.ts), after every kind of write that moves a count: submissions,
// drafts, contributors' answers, check/uncheck/validate, answer edits and deletions,
// soft and outright deletions of participations, over several days and partial days.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { loadSurveyDefinition } from '../participations/survey-definition.repository';
import { addMember, createSurveyFixture, newUuid, type SurveyFixture } from '../participations/participations.test-support';
import { planRange } from './result-parts.repository';
import { rebuildResultDays } from './result-days.rebuild';
import { loadAggregates, readResultsFilter, summariseResults } from './results.service';
import { surveys } from '../../../db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let member: Awaited<ReturnType<typeof addMember>>;
let s: SurveyFixture;

const matrix = {
  rows: [{ id: 'prix', label: 'Prix' }, { id: 'gout', label: 'Goût' }],
  columns: [{ id: 'ok', label: 'Bien' }, { id: 'ko', label: 'Mal' }],
  multiple: true,
};

/** Every filter the route reads: statuses, whole days, partial days at either end, one partial day, open ends. */
const QUERIES = [
  '',
  '?status=in_progress',
  '?status=in_progress,submitted,checked,validated',
  '?status=checked,validated',
  '?from=2026-01-10&to=2026-01-11',
  '?from=2026-01-10&to=2026-01-12',
  '?from=2026-01-10T12:00:00Z&to=2026-01-12T06:00:00Z',
  '?from=2026-01-10T06:00:00Z&to=2026-01-10T21:00:00Z',
  '?from=2026-01-10T09:00:00Z&to=2026-01-10T21:00:00Z',
  '?from=2026-01-09T23:00:00.000Z&to=2026-01-12T22:59:59.999Z',
  '?from=2026-01-10T02:00:00Z&to=2026-01-12T23:45:00Z&status=submitted,checked,validated,in_progress',
  '?from=2026-01-10T19:00:00Z&to=2026-01-11T00:00:00Z',
  '?from=2026-01-11T00:00:00Z',
  '?to=2026-01-11T06:00:00.000Z&status=submitted,in_progress',
  '?from=2026-01-09T23:00:00Z&status=submitted,checked',
  '?from=2026-01-12&to=2026-01-10',
  '?from=2026-01-12T05:00:00Z&to=2026-01-10T05:00:00Z',
  '?from=2999-01-01',
];

/** Whole-day and partial-day dates the participations are moved to. */
const DAYS = ['2026-01-10T08:00:00Z', '2026-01-10T20:00:00Z', '2026-01-11T12:00:00Z', '2026-01-12T23:30:00Z', '2026-01-12T00:00:00Z'];

beforeAll(async () => {
  t = await openTestApp();
  owner = await createOwner(t, 'Restaurant Chez Mama');
  member = await addMember(t, owner.company.id, 'Clarisse');
  s = await createSurveyFixture(t, {
    companyId: owner.company.id,
    authorAgentId: owner.company.agent_id,
    type: 'contribution',
    settings: { collaborative: true },
    steps: 2,
    questions: [
      { key: 'dish', type: 'single_choice', step: 0, choices: [{ label: 'Ndolé', score: 2 }, { label: 'Poulet DG', score: 1 }, { label: 'Eru' }] },
      { key: 'extras', type: 'multiple_choice', step: 0, choices: [{ label: 'Plantain' }, { label: 'Bâton' }] },
      { key: 'rank', type: 'ranking', step: 0, choices: [{ label: 'Prix' }, { label: 'Goût' }, { label: 'Service' }] },
      { key: 'spent', type: 'number', step: 0 },
      { key: 'nps', type: 'scale', step: 0, settings: { min: 0, max: 10, nps: true } },
      { key: 'back', type: 'yes_no', step: 0 },
      { key: 'grid', type: 'matrix', step: 0, settings: matrix },
      { key: 'day', type: 'date', step: 0 },
      { key: 'stars', type: 'rating', step: 1 },
      { key: 'note', type: 'short_text', step: 1 },
    ],
  });
});
afterAll(() => t.close());

/** A submission through the API (or a draft), its answers varied by `k`. */
async function submit(k: number, status: 'submitted' | 'in_progress' = 'submitted', clientUuid = newUuid()) {
  const res = await call(t, 'POST', 'participations', owner.session, {
    survey_id: s.id,
    client_uuid: clientUuid,
    status,
    answers: [
      { question_id: s.q.dish, value: s.c.dish[k % 3] },
      { question_id: s.q.extras, value: k % 2 ? [s.c.extras[0], s.c.extras[1]] : [s.c.extras[1]] },
      { question_id: s.q.rank, value: [0, 1, 2].map((i) => s.c.rank[(i + k) % 3]) },
      { question_id: s.q.spent, value: 1000 + 250 * k },
      { question_id: s.q.nps, value: (k * 3) % 11 },
      { question_id: s.q.back, value: k % 3 !== 0 },
      { question_id: s.q.grid, value: k % 2 ? { prix: ['ok', 'ko'], gout: 'ok' } : { prix: 'ko' } },
      { question_id: s.q.day, value: `2026-01-${String(10 + (k % 15)).padStart(2, '0')}` },
      ...(k % 4 === 3 ? [] : [{ question_id: s.q.stars, value: 1 + (k % 5) }]),
    ],
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.id as number;
}

async function moveTo(id: number, at: string) {
  await t.db.rows(sql`UPDATE participations SET submitted_at = ${at} WHERE id = ${id}`);
}

/** The response for `query`: from the parts (folded first or not) and from the recount; they must be equal. */
async function bothWays(query: string) {
  const params = Object.fromEntries(new URLSearchParams(query));
  const survey = await t.db.orm.select().from(surveys).where(eq(surveys.id, s.id)).then((rows) => rows[0]);
  const filter = readResultsFilter(survey.id, params, 'fr');
  const definition = await loadSurveyDefinition(t.db, survey);
  const summarise = async (source: 'parts' | 'unfolded parts' | 'recount') =>
    summariseResults(survey, filter, definition, await loadAggregates(t.db, filter, definition.questions, source));
  return { unfolded: () => summarise('unfolded parts'), parts: () => summarise('parts'), recount: () => summarise('recount') };
}

/** Every filter: parts equal to the recount; the table of parts equal to a rebuild from the raw rows. */
async function expectExact(): Promise<void> {
  // First with the deltas of the last writes still pending, then folded.
  for (const source of ['unfolded', 'parts'] as const) {
    for (const query of QUERIES) {
      const ways = await bothWays(query);
      expect({ query, source, ...(await ways[source]()) }).toEqual({ query, source, ...(await ways.recount()) });
    }
  }
  const drift = await t.db.rows(sql`
    WITH kept AS (
      SELECT survey_id, day, status, kind, question_id, key, num_key, sum(n) n, sum(n_num) n_num, sum(num_sum) num_sum, sum(promoters) promoters,
             sum(detractors) detractors, sum(ord_sum) ord_sum, sum(firsts) firsts
        FROM (SELECT * FROM result_days UNION ALL SELECT * FROM result_day_deltas) x
       WHERE survey_id = ${s.id} GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(n) <> 0),
    raw AS (
      SELECT survey_id, result_day(submitted_at) AS day, status, kind, question_id, key, num_key, sum(n) n, sum(n_num) n_num, sum(num_sum) num_sum,
             sum(promoters) promoters, sum(detractors) detractors, sum(ord_sum) ord_sum, sum(firsts) firsts
        FROM result_parts WHERE survey_id = ${s.id} GROUP BY 1, 2, 3, 4, 5, 6, 7)
    (SELECT 'kept' AS side, * FROM kept EXCEPT SELECT 'kept', * FROM raw)
    UNION ALL
    (SELECT 'raw', * FROM raw EXCEPT SELECT 'raw', * FROM kept)`);
  expect(drift).toEqual([]);
}

const total = async (query = '') => (await (await bothWays(query)).recount()).participations.total;

describe('survey results from result_days', () => {
  const ids: number[] = [];

  it('splits a filter into whole UTC days and partial ends, each read from its shorter side', () => {
    const d = (iso: string) => new Date(iso);
    expect(planRange(null, null)).toEqual({ days: { from: null, to: null, withUnsubmitted: true }, wholeOf: [], raw: [], less: [] });
    expect(planRange(d('2026-01-10T00:00:00Z'), d('2026-01-12T00:00:00Z'))).toEqual({
      days: { from: '2026-01-10', to: '2026-01-12', withUnsubmitted: false },
      wholeOf: [],
      raw: [],
      less: [],
    });
    expect(planRange(d('2026-01-10T12:00:00Z'), d('2026-01-12T06:00:00Z'))).toEqual({
      days: { from: '2026-01-11', to: '2026-01-12', withUnsubmitted: false },
      wholeOf: [],
      raw: [
        [d('2026-01-10T12:00:00Z'), d('2026-01-11T00:00:00Z')],
        [d('2026-01-12T00:00:00Z'), d('2026-01-12T06:00:00Z')],
      ],
      less: [],
    });
    // A reader at UTC+1 asking for the 10th to the 12th: one hour of raw rows at each end.
    expect(planRange(d('2026-01-09T23:00:00.000Z'), d('2026-01-12T22:59:59.999Z'))).toEqual({
      days: { from: '2026-01-10', to: '2026-01-12', withUnsubmitted: false },
      wholeOf: ['2026-01-12'],
      raw: [[d('2026-01-09T23:00:00.000Z'), d('2026-01-10T00:00:00.000Z')]],
      less: [[d('2026-01-12T22:59:59.999Z'), d('2026-01-13T00:00:00.000Z')]],
    });
    expect(planRange(d('2026-01-10T06:00:00Z'), d('2026-01-10T09:00:00Z'))).toEqual({
      days: null,
      wholeOf: [],
      raw: [[d('2026-01-10T06:00:00Z'), d('2026-01-10T09:00:00Z')]],
      less: [],
    });
    expect(planRange(d('2026-01-10T02:00:00Z'), d('2026-01-10T21:00:00Z'))).toEqual({
      days: null,
      wholeOf: ['2026-01-10'],
      raw: [],
      less: [
        [d('2026-01-10T00:00:00Z'), d('2026-01-10T02:00:00Z')],
        [d('2026-01-10T21:00:00Z'), d('2026-01-11T00:00:00Z')],
      ],
    });
    expect(planRange(d('2026-01-10T02:00:00Z'), d('2026-01-11T00:00:00Z'))).toEqual({
      days: null,
      wholeOf: ['2026-01-10'],
      raw: [],
      less: [[d('2026-01-10T00:00:00Z'), d('2026-01-10T02:00:00Z')]],
    });
    expect(planRange(null, d('2026-01-11T06:00:00Z')).days).toEqual({ from: null, to: '2026-01-11', withUnsubmitted: false });
  });

  it('counts submissions and drafts over several days, whole and partial', async () => {
    for (let k = 0; k < 10; k++) ids.push(await submit(k));
    for (const [i, id] of ids.entries()) await moveTo(id, DAYS[i % DAYS.length]);
    await submit(11, 'in_progress');
    expect(await total()).toBe(10);
    expect(await total('?from=2026-01-10T12:00:00Z&to=2026-01-12T06:00:00Z')).toBeGreaterThan(0);
    await expectExact();
  });

  it('follows a draft saved again, then submitted with other answers', async () => {
    const key = newUuid();
    const draft = await submit(5, 'in_progress', key);
    await submit(6, 'in_progress', key);
    await expectExact();
    expect(await submit(7, 'submitted', key)).toBe(draft);
    ids.push(draft);
    await moveTo(draft, '2026-01-11T03:00:00Z');
    await expectExact();
  });

  it('follows check, uncheck and validate', async () => {
    for (const [id, actions] of [
      [ids[0], ['check']],
      [ids[1], ['check', 'validate']],
      [ids[2], ['check', 'uncheck']],
      [ids[3], ['check', 'validate']],
    ] as const) {
      for (const action of actions) expect((await call(t, 'POST', `participations/${id}/${action}`, owner.session)).status).toBe(200);
    }
    expect(await total('?status=checked,validated')).toBe(3);
    await expectExact();
  });

  it('follows a contributor’s answers to a participation in progress, and its submission', async () => {
    const started = await call(t, 'POST', 'participations', owner.session, { survey_id: s.id, client_uuid: newUuid(), status: 'in_progress', answers: [] });
    const participationId = started.body.data.id;
    const invited = await call(t, 'POST', 'contributors', owner.session, { participation_id: participationId, agent_id: member.agent.id, step_ids: [s.stepIds[1]] });
    expect(invited.status).toBe(201);
    const saved = await call(t, 'POST', 'contributions', member.session, { participation_id: participationId, client_uuid: newUuid(), answers: [{ question_id: s.q.stars, value: 2 }] });
    expect(saved.status).toBe(201);
    await expectExact();
    const edited = await call(t, 'POST', 'contributions', member.session, {
      participation_id: participationId,
      answers: [{ question_id: s.q.stars, value: 5 }, { question_id: s.q.note, value: 'Très bon' }],
      done: true,
    });
    expect(edited.status).toBe(200);
    await expectExact();
    const own = await call(t, 'GET', `participations/${participationId}`, owner.session);
    const submitted = await call(t, 'POST', 'participations', owner.session, {
      survey_id: s.id,
      client_uuid: own.body.data.client_uuid,
      status: 'submitted',
      answers: [{ question_id: s.q.spent, value: 4200 }, { question_id: s.q.dish, value: s.c.dish[2] }],
    });
    expect([200, 201]).toContain(submitted.status);
    await expectExact();
  });

  it('follows answers edited and deleted in place', async () => {
    await t.db.rows(sql`UPDATE answers SET value_number = value_number + 1 WHERE participation_id = ${ids[4]} AND question_id IN (${s.q.spent}, ${s.q.nps})`);
    await t.db.rows(sql`UPDATE answers SET value_choices = ARRAY[${s.c.rank[2]}, ${s.c.rank[0]}, ${s.c.rank[1]}]::int[] WHERE participation_id = ${ids[5]} AND question_id = ${s.q.rank}`);
    await t.db.rows(sql`UPDATE answers SET value_json = '{"gout": ["ko"]}'::jsonb WHERE participation_id = ${ids[6]} AND question_id = ${s.q.grid}`);
    await t.db.rows(sql`UPDATE answers SET updated_at = now() WHERE participation_id = ${ids[7]}`);
    await t.db.rows(sql`DELETE FROM answers WHERE participation_id = ${ids[8]} AND question_id IN (${s.q.day}, ${s.q.stars})`);
    await expectExact();
  });

  it('follows participations deleted softly, restored, and deleted outright', async () => {
    await t.db.rows(sql`UPDATE participations SET deleted_at = now() WHERE id IN (${ids[1]}, ${ids[5]})`);
    await expectExact();
    await t.db.rows(sql`UPDATE participations SET deleted_at = NULL WHERE id = ${ids[5]}`);
    await expectExact();
    const before = await total();
    await t.db.rows(sql`DELETE FROM participations WHERE id IN (${ids[6]}, ${ids[9]})`);
    expect(await total()).toBe(before - 2);
    await expectExact();
  });

  it('holds after the deltas are folded, and equals a rebuild', async () => {
    await t.db.rows(sql`SELECT result_days_compact(${s.id})`);
    const [{ n: pending }] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM result_day_deltas WHERE survey_id = ${s.id}`);
    expect(pending).toBe(0);
    const [{ n: empty }] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM result_days WHERE survey_id = ${s.id} AND n = 0`);
    expect(empty).toBe(0);
    await expectExact();
    const kept = await t.db.rows(sql`SELECT * FROM result_days WHERE survey_id = ${s.id} ORDER BY day, status, kind, question_id, key, num_key`);
    await rebuildResultDays(t.db, s.id);
    expect(await t.db.rows(sql`SELECT * FROM result_days WHERE survey_id = ${s.id} ORDER BY day, status, kind, question_id, key, num_key`)).toEqual(kept);
  });

  it('answers the route as the recount does', async () => {
    await submit(3);
    const res = await call(t, 'GET', `surveys/${s.id}/results?from=2026-01-10T12:00:00Z`, owner.session);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(await (await bothWays('?from=2026-01-10T12:00:00Z')).recount());
  });

  it('forgets a survey deleted outright', async () => {
    const other = await createSurveyFixture(t, { companyId: owner.company.id, questions: [{ key: 'stars', type: 'rating' }] });
    const res = await call(t, 'POST', 'participations', owner.session, { survey_id: other.id, client_uuid: newUuid(), answers: [{ question_id: other.q.stars, value: 4 }] });
    expect(res.status).toBe(201);
    const count = async () =>
      Number(
        (await t.db.rows<{ n: number }>(sql`SELECT (SELECT count(*) FROM result_days WHERE survey_id = ${other.id}) + (SELECT count(*) FROM result_day_deltas WHERE survey_id = ${other.id}) AS n`))[0].n,
      );
    expect(await count()).toBeGreaterThan(0);
    await t.db.rows(sql`DELETE FROM surveys WHERE id = ${other.id}`);
    expect(await count()).toBe(0);
  });
});
