// GET surveys/{id}/results (per-question counts, averages, NPS... summed from the per-day
// parts of result_days) on a survey of N participations × 20 questions spread over 60 days:
// time per request, against a bare route on the same process answering `SELECT count(*)`
// of the survey's participations (the baseline), and against the full recount of the
// answers that the route ran before (results.repository.ts, served by a bench-only route).
// Four filters: none, whole days (`from`/`to` dates), partial days (instants: part of their
// first and last days is counted from the raw rows) and the local days a browser at UTC+1
// sends (one hour of raw rows at each end).
// Run: npx tsx bench/survey-results.bench.ts
//   BENCH_RESULTS_ROWS (PostgreSQL: "100000,1000000"), BENCH_RESULTS_ROWS_EMBEDDED ("100000"; "" skips),
//   BENCH_RESULTS_REQUESTS (20), BENCH_RESULTS_RECOUNT_REQUESTS (3)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import { surveys } from '../apps/api/src/db/schema';
import { loadSurveyDefinition } from '../apps/api/src/modules/collection/participations/survey-definition.repository';
import { rebuildResultDays } from '../apps/api/src/modules/collection/results/result-days.rebuild';
import { loadAggregates, readResultsFilter, summariseResults } from '../apps/api/src/modules/collection/results/results.service';
import { type BenchServer, openBenchDatabase, postgresAvailable } from './support/bench-db';
import { listenLocally, stopAfter } from './support/http-load';
import { printRatio } from './support/report';
import { createBenchSurvey, generateParticipations, ownerHeaders, seedBenchAccounts } from './support/survey-data';
import { envNumber, envText } from './support/bench-env';

const sizes = (text: string) =>
  text
    .split(',')
    .map((n) => Number(n.replace(/[_\s]/g, '')))
    .filter((n) => n > 0);
/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_RESULTS_ROWS, BENCH_RESULTS_ROWS_EMBEDDED: participations per run, comma-separated, per server [100000,1000000; 100000]. */
  rows: {
    postgres: sizes(envText('BENCH_RESULTS_ROWS', '100000,1000000')),
    embedded: sizes(envText('BENCH_RESULTS_ROWS_EMBEDDED', '100000')),
  },
  /** BENCH_RESULTS_REQUESTS: timed requests per case [20]. */
  requests: envNumber('BENCH_RESULTS_REQUESTS', 20),
  /** BENCH_RESULTS_RECOUNT_REQUESTS: timed requests of the full recount [3]. */
  recountRequests: envNumber('BENCH_RESULTS_RECOUNT_REQUESTS', 3),
};
stopAfter(90, 'survey results bench');

/** Mean milliseconds per request, one at a time (after one warm-up request). */
async function millisecondsPerRequest(url: string, headers: Record<string, string>, requests = OPTIONS.requests): Promise<number> {
  const get = async () => {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  await get();
  const started = performance.now();
  for (let i = 0; i < requests; i++) await get();
  return (performance.now() - started) / requests;
}

/** The response as the recount of the answers makes it (what the route did before result_days). */
async function recounted(db: Database, surveyId: number, query: Record<string, unknown>) {
  const [survey] = await db.orm.select().from(surveys).where(sql`${surveys.id} = ${surveyId}`);
  const filter = readResultsFilter(survey.id, query, 'fr');
  const definition = await loadSurveyDefinition(db, survey);
  return summariseResults(survey, filter, definition, await loadAggregates(db, filter, definition.questions, 'recount'));
}

async function benchOn(kind: BenchServer, rows: number) {
  const db = await openBenchDatabase(kind);
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000', STATEMENT_TIMEOUT_MS: '600000' });
  const app = await buildApp({ config, db, serveWeb: false });
  const surveyRef = { id: 0 };
  app.get('/bare-count', async () => {
    const [row] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM participations WHERE survey_id = ${surveyRef.id}`);
    return { success: true, data: row };
  });
  app.get('/bench-recount', async (request) => ({ success: true, data: await recounted(db, surveyRef.id, request.query as Record<string, unknown>) }));
  try {
    const { companyId } = await seedBenchAccounts(db);
    const started = performance.now();
    const survey = await createBenchSurvey(db, companyId, 20, 'Résultats (banc d’essai)');
    await generateParticipations(db, survey, rows);
    const loaded = performance.now();
    // The bulk load runs with the triggers off (session_replication_role = replica): the
    // parts are built once from the rows, as a repair would.
    const { rows: parts } = await rebuildResultDays(db, survey.id);
    await db.rows(sql`VACUUM ANALYZE result_days`);
    surveyRef.id = survey.id;
    console.log(
      `  set-up (${kind}): ${rows.toLocaleString('en-US')} participations × 20 questions in ${((loaded - started) / 1000).toFixed(1)} s, ` +
        `${parts.toLocaleString('en-US')} result_days rows rebuilt in ${((performance.now() - loaded) / 1000).toFixed(1)} s`,
    );
    const headers = await ownerHeaders(app);
    const base = await listenLocally(app);
    const [{ day }] = await db.rows<{ day: string }>(sql`SELECT to_char(now() AT TIME ZONE 'UTC' - interval '30 days', 'YYYY-MM-DD') AS day`);
    const [{ before }] = await db.rows<{ before: string }>(sql`SELECT to_char(now() AT TIME ZONE 'UTC' - interval '31 days', 'YYYY-MM-DD') AS before`);
    const [{ late }] = await db.rows<{ late: string }>(sql`SELECT to_char(now() AT TIME ZONE 'UTC' - interval '2 days', 'YYYY-MM-DD') AS late`);
    const filters = {
      'no filter': '',
      'whole days': `?from=${day}&to=${late}`,
      'partial days': `?from=${day}T13:30:00Z&to=${late}T09:15:00Z`,
      // What the web app sends for the same days from a browser at UTC+1 (Douala): local midnight to 23:59:59.999.
      'local days (UTC+1)': `?from=${before}T23:00:00.000Z&to=${late}T22:59:59.999Z`,
    };
    // Same answer both ways before timing anything.
    for (const query of Object.values(filters)) {
      const res = await fetch(`${base}/api/v2/surveys/${survey.id}/results${query}`, { headers });
      const viaParts = (await res.json()).data;
      const viaRecount = await recounted(db, survey.id, Object.fromEntries(new URLSearchParams(query)));
      if (JSON.stringify(viaParts) !== JSON.stringify(viaRecount)) throw new Error(`results differ from the recount for "${query}"`);
    }
    const bare = await millisecondsPerRequest(`${base}/bare-count`, {});
    const label = `${rows.toLocaleString('en-US')} participations (${kind})`;
    for (const [name, query] of Object.entries(filters)) {
      const results = await millisecondsPerRequest(`${base}/api/v2/surveys/${survey.id}/results${query}`, headers);
      printRatio(`results of ${label}, ${name}`, results, bare, 'ms/req', false);
    }
    if (OPTIONS.recountRequests > 0) {
      const recount = await millisecondsPerRequest(`${base}/bench-recount`, {}, OPTIONS.recountRequests);
      printRatio(`full recount (before result_days), ${label}`, recount, bare, 'ms/req', false);
    }
  } finally {
    await app.close();
    await db.close();
  }
}

const load = () => {
  const [one, five] = loadavg();
  return `load average ${one.toFixed(1)} / ${five.toFixed(1)}`;
};
console.log('baseline: a bare route answering SELECT count(*) of the same participations');
if (await postgresAvailable()) {
  for (const rows of OPTIONS.rows.postgres) {
    console.log(`  (${load()})`);
    await benchOn('postgres', rows);
  }
} else console.log('survey results (postgres): skipped, no PostgreSQL server reachable');
for (const rows of OPTIONS.rows.embedded) {
  console.log(`  (${load()})`);
  await benchOn('embedded', rows);
}
console.log(`  (${load()})`);
