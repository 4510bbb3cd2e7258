// Scorecards and review at scale (issue 9), PostgreSQL (the embedded server with BENCH_EMBEDDED=1):
//  1. the company overview (`GET overview`, scorecards included) over 1,000,000 evaluations
//     of 1,000 sites, against a plain `SELECT count(*)` of the same rows, in the same run;
//     also the scorecard statements alone (readScorecard) and a site's scorecard;
//  2. the bulk validation of 100,000 filtered participations (`POST participations/bulk/
//     validate`, batches of 5,000) against one plain UPDATE of another 100,000 identical
//     rows (same triggers), and the same UPDATE with the triggers off (their cost).
// Ratios only; no timing is asserted anywhere.
// Run: npm run bench -- scorecards   (BENCH_EVALUATIONS, BENCH_SITES, BENCH_BULK, BENCH_REPEAT)
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import { readScorecard, scopeOf } from '../apps/api/src/modules/tenancy/overview/scores.service';
import { openBenchDatabase, postgresAvailable } from './support/bench-db';
import { printRatio } from './support/report';
import { ownerHeaders, seedBenchAccounts } from './support/survey-data';
import { envFlag, envNumber } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_EVALUATIONS: evaluations seeded [1 000 000]. */
  evaluations: envNumber('BENCH_EVALUATIONS', 1_000_000),
  /** BENCH_SITES: sites evaluated [1 000]. */
  sites: envNumber('BENCH_SITES', 1_000),
  /** BENCH_BULK: rows per seeding statement [100 000]. */
  bulk: envNumber('BENCH_BULK', 100_000),
  /** BENCH_REPEAT: timed runs of each case [10]. */
  repeat: envNumber('BENCH_REPEAT', 10),
  /** BENCH_EMBEDDED=1: the embedded server even when a PostgreSQL server is reachable. */
  embedded: envFlag('BENCH_EMBEDDED'),
};
/** Evaluations spread over this many days before today. */
const DAYS = 180;
const SLICE = 100_000;

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

/** Mean milliseconds of `fn` over OPTIONS.repeat runs after one warm-up run. */
async function mean(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  let total = 0;
  for (let i = 0; i < OPTIONS.repeat; i++) total += (await time(fn)).ms;
  return total / OPTIONS.repeat;
}

async function insertSurvey(db: Database, companyId: number, code: string, title: string, targetKind: string | null): Promise<number> {
  const [row] = await db.rows<{ id: number }>(sql`
    INSERT INTO surveys (company_id, code, title, status, type, target_kind, published_at)
    VALUES (${companyId}, ${code}, ${title}, 'published', ${targetKind ? 'evaluation' : 'form'}, ${targetKind}, now()) RETURNING id`);
  return Number(row.id);
}

/** OPTIONS.sites sites spread over the reference towns, and one evaluation survey of sites. */
async function seedSites(db: Database, companyId: number): Promise<number[]> {
  const rows = await db.rows<{ id: number }>(sql`
    WITH towns AS (SELECT id, row_number() OVER (ORDER BY id) AS k, count(*) OVER () AS n FROM zones WHERE type = 'town')
    INSERT INTO sites (company_id, name, code, zone_id)
    SELECT ${companyId}, 'Site ' || g, 'S' || lpad(g::text, 5, '0'), (SELECT id FROM towns WHERE k = 1 + g % n)
    FROM generate_series(1, ${OPTIONS.sites}) g RETURNING id`);
  return rows.map((r) => Number(r.id));
}

/** Evaluations with the triggers on (as submissions write them), in slices of SLICE rows per statement. */
async function seedEvaluations(db: Database, companyId: number, surveyId: number, firstSite: number, count: number, status: string | null, tag: string) {
  for (let start = 1; start <= count; start += SLICE) {
    const end = Math.min(count, start + SLICE - 1);
    await db.rows(sql`
      INSERT INTO participations (survey_id, company_id, target_kind, target_id, status, client_uuid, started_at, submitted_at, created_at, score)
      SELECT ${surveyId}, ${companyId}, 'site', ${firstSite}::int + g % ${OPTIONS.sites}::int,
        ${status === null ? sql`(ARRAY['submitted', 'checked', 'validated'])[1 + g % 3]` : sql`${status}`},
        ${`bench-${tag}-`} || g, at, at, at, (g * 7) % 11
      FROM generate_series(${start}::int, ${end}::int) g, LATERAL (SELECT now() - (g % ${DAYS * 1440}) * interval '1 minute' AS at) t`);
  }
}

async function bench() {
  const kind = OPTIONS.embedded || !(await postgresAvailable()) ? 'embedded' : 'postgres';
  const db = await openBenchDatabase(kind);
  console.log(`database: ${kind}; ${OPTIONS.evaluations.toLocaleString('en')} evaluations of ${OPTIONS.sites} sites over ${DAYS} days; bulk of ${OPTIONS.bulk.toLocaleString('en')}`);
  const { companyId } = await seedBenchAccounts(db);
  const siteIds = await seedSites(db, companyId);
  const surveyId = await insertSurvey(db, companyId, 'BNCHEVAL', 'Visite des sites (bench)', 'site');
  const load = await time(() => seedEvaluations(db, companyId, surveyId, siteIds[0], OPTIONS.evaluations, null, 'eval'));
  console.log(`loaded ${OPTIONS.evaluations.toLocaleString('en')} evaluations in ${(load.ms / 1000).toFixed(1)} s (score_days kept by the triggers)`);
  await db.rows(sql`VACUUM ANALYZE participations`);
  await db.rows(sql`VACUUM ANALYZE score_days`);
  const [agg] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM score_days WHERE company_id = ${companyId}`);
  console.log(`score_days rows for the company: ${Number(agg.n).toLocaleString('en')}`);

  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000' });
  const app = await buildApp({ config, db, serveWeb: false });
  const headers = await ownerHeaders(app);
  const [agent] = await db.rows<{ id: number }>(sql`SELECT a.id FROM agents a JOIN users u ON u.id = a.user_id WHERE a.company_id = ${companyId} AND u.email = 'agent@demo.cm'`);
  headers['agent-id'] = String(agent.id);

  for (const [label, days] of [
    ['last 30 days (default)', 30],
    [`whole ${DAYS} days`, DAYS + 1],
  ] as const) {
    const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const url = `/api/v2/overview?from=${from}&to=${to}`;
    const check = await app.inject({ url, headers });
    if (check.statusCode !== 200) throw new Error(`overview failed: ${check.statusCode} ${check.body.slice(0, 300)}`);
    const counted = check.json().data.scores.totals.count as number;
    const sameRows = sql`SELECT count(*) FROM participations WHERE company_id = ${companyId} AND deleted_at IS NULL AND status <> 'in_progress'
      AND target_kind IS NOT NULL AND submitted_at >= ${from}::date AND submitted_at < (${to}::date + 1)`;
    const [plain] = await db.rows<{ count: number }>(sameRows);
    console.log(`\n${label}: ${counted.toLocaleString('en')} evaluations in the scorecard, ${Number(plain.count).toLocaleString('en')} rows counted by the baseline`);
    const baseline = await mean(() => db.rows(sameRows));
    const overview = await mean(() => app.inject({ url, headers }));
    const scoresOnly = await mean(() => readScorecard(db, scopeOf(companyId, { from, to }), { from, to }));
    const site = await mean(() => app.inject({ url: `/api/v2/overview/sites/${siteIds[17]}?from=${from}&to=${to}`, headers }));
    printRatio('GET overview (full stack)', overview, baseline, 'ms', false);
    printRatio('scorecard statements alone', scoresOnly, baseline, 'ms', false);
    printRatio('GET overview/sites/{id}', site, baseline, 'ms', false);
  }

  // 2. Bulk validation: two identical sets of checked participations, one through the API, one by a plain UPDATE.
  const bulkSurvey = await insertSurvey(db, companyId, 'BNCHBULK', 'Contrôles (bench, API)', 'site');
  const plainSurvey = await insertSurvey(db, companyId, 'BNCHPLAN', 'Contrôles (bench, UPDATE)', 'site');
  const offSurvey = await insertSurvey(db, companyId, 'BNCHOFF', 'Contrôles (bench, sans déclencheurs)', 'site');
  await seedEvaluations(db, companyId, bulkSurvey, siteIds[0], OPTIONS.bulk, 'checked', 'bulk');
  await seedEvaluations(db, companyId, plainSurvey, siteIds[0], OPTIONS.bulk, 'checked', 'plain');
  await seedEvaluations(db, companyId, offSurvey, siteIds[0], OPTIONS.bulk, 'checked', 'off');
  await db.rows(sql`VACUUM ANALYZE participations`);
  const filter = { filter_groups: [{ filters: [{ key: 'survey_id', operator: 'eq', value: bulkSurvey }, { key: 'status', operator: 'eq', value: 'checked' }] }] };
  const dry = await time(() => app.inject({ method: 'POST', url: '/api/v2/participations/bulk/validate', headers, payload: { ...filter, dry_run: true } }));
  const run = await time(() => app.inject({ method: 'POST', url: '/api/v2/participations/bulk/validate', headers, payload: filter }));
  const result = run.value.json().data;
  if (result?.changed !== OPTIONS.bulk) throw new Error(`bulk validation changed ${result?.changed}: ${run.value.body.slice(0, 300)}`);
  const plainUpdate = (survey: number) =>
    sql`UPDATE participations SET status = 'validated', validated_by = ${agent.id}, validated_at = now(), updated_at = now() WHERE survey_id = ${survey} AND status = 'checked' AND deleted_at IS NULL`;
  const plain = await time(() => db.rows(plainUpdate(plainSurvey)));
  let off: number | null = null;
  try {
    off = (
      await time(() =>
        db.transaction(async (tx) => {
          await tx.rows(sql`SET LOCAL session_replication_role = replica`);
          await tx.rows(plainUpdate(offSurvey));
        }),
      )
    ).ms;
  } catch {
    off = null; // needs a superuser
  }
  console.log(`\nbulk validation of ${OPTIONS.bulk.toLocaleString('en')} filtered participations (batches of 5,000)`);
  printRatio('dry run (count for the confirmation)', dry.ms, plain.ms, 'ms', false);
  printRatio('POST participations/bulk/validate', run.ms, plain.ms, 'ms', false);
  if (off !== null) printRatio('plain UPDATE without triggers (their cost)', off, plain.ms, 'ms', false);

  // The aggregate is still exact after all of it.
  const [drift] = await db.rows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM (
      SELECT survey_id, target_kind, target_id, (submitted_at AT TIME ZONE 'Africa/Douala')::date AS day, count(*) AS n, count(*) FILTER (WHERE status = 'validated') AS v
      FROM participations WHERE company_id = ${companyId} AND deleted_at IS NULL AND status <> 'in_progress' AND target_kind IS NOT NULL AND survey_id <> ${offSurvey}
      GROUP BY 1, 2, 3, 4) p
    FULL JOIN (SELECT * FROM score_days WHERE company_id = ${companyId} AND n <> 0 AND survey_id <> ${offSurvey}) d
      USING (survey_id, target_kind, target_id, day)
    WHERE p.n IS DISTINCT FROM d.n OR p.v IS DISTINCT FROM d.n_validated`);
  console.log(`score_days rows differing from a recount (triggers on): ${drift.n}`);
  await app.close();
  await db.close();
}

bench().catch((error) => {
  console.error(error);
  process.exit(1);
});
