// Anonymous participation submits (20 answers each, as from a QR code) per second
// through the whole stack — HTTP on 127.0.0.1, schema, answer rules, idempotency key,
// transaction — against plain inserts of the same rows (participant, participation,
// 20 answers in one transaction) on the same database, with the same concurrency.
// Measured in turns, BENCH_ROUNDS slices of each (median of each side).
// Run: npx tsx bench/participation-submit.bench.ts   (BENCH_DURATION_S, BENCH_CONNECTIONS, BENCH_ROUNDS)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import { type BenchServer, openBenchDatabase, postgresAvailable } from './support/bench-db';
import { listenLocally, requestsPerSecond, stopAfter } from './support/http-load';
import { printRatio } from './support/report';
import { type BenchSurvey, createBenchSurvey, seedBenchAccounts } from './support/survey-data';
import { envNumber } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_DURATION_S: seconds of each load run [10]. */
  durationS: envNumber('BENCH_DURATION_S', 10),
  /** BENCH_CONNECTIONS: concurrent connections of the load [10]. */
  connections: envNumber('BENCH_CONNECTIONS', 10),
  /** BENCH_ROUNDS: runs of each side, the median kept [5]. */
  rounds: envNumber('BENCH_ROUNDS', 5),
};
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
stopAfter(10, 'participation submit bench');

/** A valid value for each question type the bench survey uses. */
function valueFor(q: BenchSurvey['questions'][number], n: number): unknown {
  switch (q.type) {
    case 'single_choice':
    case 'dropdown':
      return q.choices[n % 4];
    case 'multiple_choice':
      return [q.choices[n % 4], q.choices[(n + 1) % 4]];
    case 'number':
      return n % 97;
    case 'rating':
      return 1 + (n % 5);
    case 'scale':
      return n % 11;
    case 'yes_no':
      return n % 3 > 0;
    case 'date':
      return '2026-03-15';
    case 'time':
      return '09:30';
    case 'email':
      return `client${n}@exemple.cm`;
    case 'phone':
      return '677 12 34 56';
    case 'long_text':
      return 'Très bon accueil ; un peu d’attente à la caisse.';
    default:
      return `Réponse ${n}`;
  }
}

function submitBody(survey: BenchSurvey, n: number) {
  return {
    survey_code: survey.code,
    client_uuid: randomUUID(),
    answers: survey.questions.map((q) => ({ question_id: q.id, value: valueFor(q, n) })),
    participant: { name: 'Awa Bello', phone: '699 00 11 22' },
  };
}

/** The storage columns of a bench answer (what the API stores for valueFor). */
function columnsOf(q: BenchSurvey['questions'][number], n: number) {
  const v = valueFor(q, n);
  if (q.type === 'single_choice' || q.type === 'dropdown') return { t: null, num: null, d: null, c: [v as number] };
  if (q.type === 'multiple_choice') return { t: null, num: null, d: null, c: v as number[] };
  if (q.type === 'yes_no') return { t: null, num: v ? 1 : 0, d: null, c: null };
  if (typeof v === 'number') return { t: null, num: v, d: null, c: null };
  if (q.type === 'date') return { t: null, num: null, d: v as string, c: null };
  return { t: String(v), num: null, d: null, c: null };
}

/** The same rows written directly: participant, participation and answers in one transaction. */
async function insertPlainly(db: Database, survey: BenchSurvey, n: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [participant] = await tx.rows<{ id: number }>(sql`
      INSERT INTO participants (company_id, name, phone) VALUES (${survey.companyId}, 'Awa Bello', '699001122') RETURNING id`);
    const [participation] = await tx.rows<{ id: number }>(sql`
      INSERT INTO participations (survey_id, company_id, participant_id, status, client_uuid, submitted_at)
      VALUES (${survey.id}, ${survey.companyId}, ${participant.id}, 'submitted', ${randomUUID()}, now()) RETURNING id`);
    const rows = survey.questions.map((q) => {
      const c = columnsOf(q, n);
      return sql`(${participation.id}, ${survey.companyId}, ${survey.id}, ${q.id}, ${c.t}, ${c.num}, ${c.d}, ${c.c === null ? null : sql`${`{${c.c.join(',')}}`}::int[]`})`;
    });
    await tx.rows(sql`
      INSERT INTO answers (participation_id, company_id, survey_id, question_id, value_text, value_number, value_date, value_choices)
      VALUES ${sql.join(rows, sql`, `)}`);
  });
}

async function plainInsertsPerSecond(db: Database, survey: BenchSurvey, durationS: number): Promise<number> {
  const end = performance.now() + durationS * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < end) await insertPlainly(db, survey, done++);
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: OPTIONS.connections }, worker));
  return done / ((performance.now() - started) / 1000);
}

interface Half {
  kind: BenchServer;
  db: Database;
  survey: BenchSurvey;
  base: string;
  close: () => Promise<void>;
}

async function startHalf(kind: BenchServer): Promise<Half> {
  const db = await openBenchDatabase(kind);
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000' });
  const app = await buildApp({ config, db, serveWeb: false });
  const { companyId } = await seedBenchAccounts(db);
  const survey = await createBenchSurvey(db, companyId, 20, 'Satisfaction (banc d’essai)');
  const check = await app.inject({ method: 'POST', url: '/api/v2/participations', payload: submitBody(survey, 0) });
  if (check.statusCode !== 201) throw new Error(`submit refused: ${check.statusCode} ${check.body}`);
  const base = await listenLocally(app);
  return {
    kind,
    db,
    survey,
    base,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/**
 * Every slice starts from a vacuumed database: one submission updates its company's and its
 * survey's counter rows, so a run leaves thousands of dead versions of them behind. The
 * machine's server runs with autovacuum off and the embedded one with it on; without this,
 * the figure compares their maintenance (seen: embedded 186 % over 60 s, 76 % with its
 * autovacuum turned off too), not their engines. Not timed.
 */
async function vacuumed(half: Half): Promise<void> {
  await half.db.rows(sql`VACUUM`);
}

let n = 0;
const apiSlice = (half: Half, durationS: number) =>
  requestsPerSecond({
    url: `${half.base}/api/v2/participations`,
    method: 'POST',
    body: () => submitBody(half.survey, n++),
    connections: OPTIONS.connections,
    durationS,
    rate: 'completed',
  });

console.log('baseline: the same rows inserted directly (one transaction each, same concurrency)');
const halves: Half[] = [await startHalf('embedded')];
if (await postgresAvailable()) halves.push(await startHalf('postgres'));
else console.log('participation submit (postgres): skipped, no PostgreSQL server reachable');
try {
  // In turns (each half's baseline, then its API, round after round), the median of each
  // side: on a machine shared with other work every side then sees the same background
  // load, and the two servers' halves are compared with each other (issue 18's figure).
  const slice = Math.max(1, Math.round(OPTIONS.durationS / OPTIONS.rounds));
  const baselines = halves.map((): number[] => []);
  const apis = halves.map((): number[] => []);
  for (let round = 0; round < OPTIONS.rounds; round++) {
    for (const [i, half] of halves.entries()) {
      await vacuumed(half);
      baselines[i].push(await plainInsertsPerSecond(half.db, half.survey, slice));
      await vacuumed(half);
      apis[i].push(await apiSlice(half, slice));
    }
  }
  for (const [i, half] of halves.entries()) {
    printRatio(`submit, 20 answers, through the API (${half.kind})`, median(apis[i]), median(baselines[i]), 'per s');
  }
  if (halves.length === 2) {
    printRatio('submit, 20 answers, embedded vs postgres (in turns)', median(apis[0]), median(apis[1]), 'per s');
  }
} finally {
  for (const half of halves) await half.close();
}
