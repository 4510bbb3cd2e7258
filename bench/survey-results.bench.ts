// GET surveys/{id}/results (per-question counts, averages, NPS... computed in SQL) on a
// survey of 100,000 participations × 20 questions: time per request, against a bare
// route on the same process answering `SELECT count(*)` of the survey's participations.
// Run: npx tsx bench/survey-results.bench.ts
//   BENCH_RESULTS_ROWS (100,000), BENCH_RESULTS_ROWS_PGLITE (100,000), BENCH_RESULTS_REQUESTS (20)
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openBenchDatabase, postgresAvailable } from './support/bench-db';
import { listenLocally, stopAfter } from './support/http-load';
import { printRatio } from './support/report';
import { createBenchSurvey, generateParticipations, ownerHeaders, seedBenchAccounts } from './support/survey-data';

const ROWS = {
  postgres: Number(process.env.BENCH_RESULTS_ROWS ?? 100_000),
  pglite: Number(process.env.BENCH_RESULTS_ROWS_PGLITE ?? 100_000),
};
const REQUESTS = Number(process.env.BENCH_RESULTS_REQUESTS ?? 20);
stopAfter(20, 'survey results bench');

/** Mean milliseconds per request, one at a time (after one warm-up request). */
async function millisecondsPerRequest(url: string, headers: Record<string, string>): Promise<number> {
  const get = async () => {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  await get();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await get();
  return (performance.now() - started) / REQUESTS;
}

async function benchOn(kind: 'pglite' | 'postgres') {
  const rows = ROWS[kind];
  const db = await openBenchDatabase(kind);
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000', STATEMENT_TIMEOUT_MS: '600000' });
  const app = await buildApp({ config, db, serveWeb: false });
  const surveyRef = { id: 0 };
  app.get('/bare-count', async () => {
    const [row] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM participations WHERE survey_id = ${surveyRef.id}`);
    return { success: true, data: row };
  });
  try {
    const { companyId } = await seedBenchAccounts(db);
    const started = performance.now();
    const survey = await createBenchSurvey(db, companyId, 20, 'Résultats (banc d’essai)');
    await generateParticipations(db, survey, rows);
    surveyRef.id = survey.id;
    console.log(`  set-up: ${rows.toLocaleString('fr-FR')} participations × 20 questions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const headers = await ownerHeaders(app);
    const base = await listenLocally(app);
    const bare = await millisecondsPerRequest(`${base}/bare-count`, {});
    const results = await millisecondsPerRequest(`${base}/api/v2/surveys/${survey.id}/results`, headers);
    printRatio(`results of ${rows.toLocaleString('en-US')} participations (${kind})`, results, bare, 'ms/req', false);
  } finally {
    await app.close();
    await db.close();
  }
}

console.log('baseline: a bare route answering SELECT count(*) of the same participations');
if (await postgresAvailable()) await benchOn('postgres');
else console.log('survey results (postgres): skipped, no PostgreSQL server reachable');
await benchOn('pglite');
