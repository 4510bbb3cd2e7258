// Export of a survey's participations (20 questions) to csv and xlsx through the whole
// stack, over a real socket on 127.0.0.1: rows per second against the SQL batches alone
// (the same keyset reads and pivot, no formatting or writing) measured in the same run,
// against the targets; peak RSS of the timed run, and live memory (sampled after
// forced GCs) at a small and a large row count: it must not grow with the number of rows.
// Run: npx tsx bench/survey-export.bench.ts
//   BENCH_EXPORT_ROWS (default 100,000; 1,000,000 on PostgreSQL with BENCH_FULL=1),
//   BENCH_EXPORT_SMALL_ROWS (10,000), BENCH_EXPORT_ROWS_EMBEDDED (100,000), BENCH_QUESTIONS (20),
//   BENCH_EXPORT_FORMATS (csv,xlsx)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import { openBatchReader } from '../apps/api/src/modules/collection/exports/export-batch.repository';
import { loadExportQuestions } from '../apps/api/src/modules/collection/exports/export-survey.repository';
import { DEFAULT_EXPORT_STATUSES } from '../apps/api/src/modules/collection/exports/exports.schemas';
import { readBatchesAhead } from '../apps/api/src/modules/collection/exports/batches-ahead';
import { EXPORT_BATCH_SIZE, READS_IN_FLIGHT } from '../apps/api/src/modules/collection/exports/participations-export.service';
import { type BenchServer, openBenchDatabase, postgresAvailable } from './support/bench-db';
import { listenLocally, stopAfter } from './support/http-load';
import { mb, sampleLive, sampleRss, settledRss } from './support/memory';
import { printRatio } from './support/report';
import { type BenchSurvey, createBenchSurvey, generateParticipations, ownerHeaders, seedBenchAccounts } from './support/survey-data';
import { envFlag, envNumber, envText } from './support/bench-env';

const FULL = envFlag('BENCH_FULL');
/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_FULL=1: the full run (a million rows on PostgreSQL, a longer time limit). */
  full: FULL,
  /** BENCH_QUESTIONS: questions of the survey [20]. */
  questions: envNumber('BENCH_QUESTIONS', 20),
  /** BENCH_EXPORT_SMALL_ROWS: rows of the small export [10 000]. */
  smallRows: envNumber('BENCH_EXPORT_SMALL_ROWS', 10_000),
  /** BENCH_EXPORT_ROWS, BENCH_EXPORT_ROWS_EMBEDDED: rows of the large export per server [100 000; 1 000 000 on PostgreSQL with BENCH_FULL]. */
  largeRows: {
    postgres: envNumber('BENCH_EXPORT_ROWS', FULL ? 1_000_000 : 100_000),
    embedded: envNumber('BENCH_EXPORT_ROWS_EMBEDDED', 100_000),
  },
  /** BENCH_EXPORT_FORMATS: the formats measured [csv,xlsx]. */
  formats: envText('BENCH_EXPORT_FORMATS', 'csv,xlsx').split(',') as Array<'csv' | 'xlsx'>,
};
const TARGETS = { csv: 50_000, xlsx: 10_000 };
stopAfter(OPTIONS.full ? 60 : 25, 'survey export bench');

interface Download {
  seconds: number;
  bytes: number;
  lines: number;
  /** Peak RSS, or with `live` the peak of heap + external sampled after forced GCs. */
  peakRss: number;
  floorRss: number;
}

// The client runs in its own process so that reading the body does not take the
// server's event loop; it reports the bytes, line feeds and seconds it saw.
const CLIENT = `
const http = require('node:http');
const [url, headers, body, format] = JSON.parse(process.argv[1]);
const started = performance.now();
const request = http.request(url, { method: 'POST', headers }, (res) => {
  if (res.statusCode !== 200) { console.error('status ' + res.statusCode); process.exit(1); }
  let bytes = 0, lines = 0;
  res.on('data', (chunk) => {
    bytes += chunk.length;
    if (format === 'csv') for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
  });
  res.on('end', () => console.log(JSON.stringify({ bytes, lines, seconds: (performance.now() - started) / 1000 })));
});
request.end(body);`;

/** POSTs the export from a child process while sampling this (the server's) RSS. */
async function download(base: string, headers: Record<string, string>, surveyId: number, format: 'csv' | 'xlsx', live = false): Promise<Download> {
  const floorRss = settledRss();
  const sampler = live ? sampleLive() : sampleRss();
  const body = JSON.stringify({ format });
  const args = [`${base}/api/v2/surveys/${surveyId}/exportparticipations`, { ...headers, 'content-type': 'application/json' }, body, format];
  const child = spawn(process.execPath, ['-e', CLIENT, JSON.stringify(args)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const [code] = await once(child, 'exit');
  const peakRss = sampler.stop();
  if (code !== 0) throw new Error(`export client failed (${code})`);
  return { ...(JSON.parse(out) as { bytes: number; lines: number; seconds: number }), peakRss, floorRss };
}

/**
 * The baseline: the export's own SQL batches read to the end, nothing formatted or
 * written, with the same reads in flight as the export.
 */
async function readBatchesOnly(db: Database, survey: BenchSurvey): Promise<number> {
  const questions = await loadExportQuestions(db, survey.id);
  const scope = { surveyId: survey.id, companyId: survey.companyId, anonymous: false, statuses: DEFAULT_EXPORT_STATUSES, from: null, to: null };
  const reader = await openBatchReader(db, scope, questions, EXPORT_BATCH_SIZE);
  const batches = readBatchesAhead(reader, { inFlight: READS_IN_FLIGHT, boundsPerRead: 8, stopped: () => false });
  const started = performance.now();
  let rows = 0;
  for (let batch = await batches.next(); batch; batch = await batches.next()) rows += batch.length;
  return rows / ((performance.now() - started) / 1000);
}

async function prepare(db: Database, rows: number, label: string): Promise<BenchSurvey> {
  const { companyId } = await seedBenchAccounts(db);
  const started = performance.now();
  const survey = await createBenchSurvey(db, companyId, OPTIONS.questions, label);
  await generateParticipations(db, survey, rows);
  console.log(`  set-up: ${rows.toLocaleString('fr-FR')} participations × ${OPTIONS.questions} questions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return survey;
}

async function benchOn(kind: BenchServer) {
  const large = OPTIONS.largeRows[kind];
  const db = await openBenchDatabase(kind);
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000', STATEMENT_TIMEOUT_MS: '600000' });
  const app = await buildApp({ config, db, serveWeb: false });
  try {
    const small = await prepare(db, OPTIONS.smallRows, 'Export (petit)');
    const big = await prepare(db, large, 'Export (grand)');
    const headers = await ownerHeaders(app);
    const base = await listenLocally(app);
    const baseline = await readBatchesOnly(db, big);
    for (const format of OPTIONS.formats) {
      const b = await download(base, headers, big.id, format);
      const liveSmall = await download(base, headers, small.id, format, true);
      const liveBig = await download(base, headers, big.id, format, true);
      if (format === 'csv' && b.lines !== large + 1) throw new Error(`csv export holds ${b.lines - 1} rows, expected ${large}`);
      const rate = large / b.seconds;
      const label = `${format} export, ${large.toLocaleString('en-US')} rows (${kind})`;
      printRatio(label, rate, baseline, 'rows/s');
      const target = TARGETS[format];
      console.log(`  ${(b.bytes / 1024 / 1024).toFixed(1)} MB in ${b.seconds.toFixed(1)} s; target ≥ ${target.toLocaleString('en-US')} rows/s → ${rate >= target ? 'met' : 'NOT met'}`);
      console.log(`  peak RSS of the timed run: ${mb(b.peakRss)} (${mb(b.peakRss - b.floorRss)} over the settled RSS before it)`);
      console.log(
        `  live memory (heap + buffers after a forced GC every 200 ms): ${mb(liveSmall.peakRss)} at ${OPTIONS.smallRows.toLocaleString('en-US')} rows,` +
          ` ${mb(liveBig.peakRss)} at ${large.toLocaleString('en-US')} rows → ${(liveBig.peakRss / liveSmall.peakRss).toFixed(2)}×`,
      );
    }
  } finally {
    await app.close();
    await db.close();
  }
}

console.log(`SQL baseline: the export's batches of ${EXPORT_BATCH_SIZE} with answers pivoted, ${READS_IN_FLIGHT} in flight, read without formatting`);
if (await postgresAvailable()) await benchOn('postgres');
else console.log('survey export (postgres): skipped, no PostgreSQL server reachable');
await benchOn('embedded');
