// The common signed-in case: a tenant-scoped list of participations (two filters, a sort,
// an include, 20 rows) through the whole stack (auth hook, permissions, query engine,
// envelope), against a hand-written Fastify route on the same process that runs the very
// statements the stack sends (recorded from one request) with `pg` and answers the rows.
// PostgreSQL only (the raw route needs a `pg` pool).
// Run: npm run bench -- participations-list   (BENCH_DURATION_S to change the length of each run)
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../apps/api/src/db/client';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { encodeQuery } from '../packages/contracts/src/query-codec';
import { benchServerUrl, openBenchDatabase, postgresAvailable } from './support/bench-db';
import { listenLocally, pairedRequestsPerSecond, stopAfter } from './support/http-load';
import { printRatio } from './support/report';
import { createBenchSurvey, generateParticipations, ownerHeaders, seedBenchAccounts } from './support/survey-data';
import { envNumber, envText } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_DURATION_S: seconds of each load run [5]. */
  durationS: envNumber('BENCH_DURATION_S', 5),
  /** BENCH_PARTICIPATIONS: participations listed [20 000]. */
  participations: envNumber('BENCH_PARTICIPATIONS', 20_000),
  /** ACTOR_CACHE_TTL_MS: passed to the server's configuration [the server's default]. */
  actorCacheTtlMs: envText('ACTOR_CACHE_TTL_MS'),
  /** BENCH_EXPLAIN: any value prints the plans of the recorded statements. */
  explain: Boolean(envText('BENCH_EXPLAIN')),
};
stopAfter(10, 'participations list bench');

interface Statement {
  text: string;
  values: unknown[];
}

/** Records the statements the pool's clients send while `fn` runs. */
async function recordStatements(fn: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const original = pg.Client.prototype.query;
  (pg.Client.prototype as any).query = function (this: pg.Client, config: any, values?: any, callback?: any) {
    if (typeof config === 'string') seen.push({ text: config, values: Array.isArray(values) ? values : [] });
    else if (config?.text) seen.push({ text: config.text, values: config.values ?? (Array.isArray(values) ? values : []) });
    return (original as any).call(this, config, values, callback);
  };
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}

async function bench() {
  const db = await openBenchDatabase('postgres');
  const { companyId } = await seedBenchAccounts(db);
  const survey = await createBenchSurvey(db, companyId, 5, 'Liste des participations');
  await generateParticipations(db, survey, OPTIONS.participations);
  // ACTOR_CACHE_TTL_MS=0 measures the stack without the actor cache (one actor query per request).
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    RATE_LIMIT_MAX: '100000000',
    ACTOR_CACHE_TTL_MS: OPTIONS.actorCacheTtlMs,
  });
  const app = await buildApp({ config, db, serveWeb: false });
  const rawPool = new pg.Pool({ connectionString: await currentDatabaseUrl(db), max: 10 });
  // Hand-written: the same SQL, the rows as pg returns them, the include by id (or, when
  // the engine brings it with the list, from its JSON column), one envelope.
  app.get('/raw', async () => {
    const [list, ...rest] = statements;
    const rows = (await rawPool.query(list.text, list.values)).rows;
    const included = await Promise.all(rest.map((s) => rawPool.query(s.text, s.values)));
    const participants = new Map<unknown, unknown>();
    for (const row of included[0]?.rows ?? []) participants.set(row.id, row);
    const data = rows.slice(0, 20).map(({ __inc_participant, ...row }) => ({
      ...row,
      participant: __inc_participant ?? participants.get(row.participant_id) ?? null,
    }));
    return { data, meta: { limit: 20, page: 1 } };
  });
  let statements: Statement[] = [];
  const headers = await ownerHeaders(app);
  const listPath = `/api/v2/participations?${encodeQuery({
    filter_groups: [{ filters: [{ key: 'survey_id', operator: 'eq', value: survey.id }, { key: 'status', operator: 'eq', value: 'validated' }] }],
    sort: [{ key: 'submitted_at', direction: 'desc' }],
    includes: ['participant'],
    limit: 20,
    page: 1,
  })}`;
  const warm = await app.inject({ url: listPath, headers });
  if (warm.statusCode !== 200 || warm.json().data.length !== 20) throw new Error(`list failed: ${warm.statusCode} ${warm.body.slice(0, 300)}`);
  // The raw route runs the list's own statements: those of the request minus those of
  // the signed-in caller, found as what a route running no SQL of its own sends (none once
  // the actor is cached; with ACTOR_CACHE_TTL_MS=0, the actor statement on each request).
  const recorded = await recordStatements(() => app.inject({ url: listPath, headers }));
  const callerOnly = await recordStatements(() => app.inject({ url: '/api/v2/auth/test', headers }));
  statements = recorded.slice(callerOnly.length);

  if (OPTIONS.explain) {
    for (const s of statements) {
      const plan = await rawPool.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
      console.log(`${s.text}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
    }
  }
  const base = await listenLocally(app);
  try {
    console.log(`participations list: ${recorded.length} statement(s) per request, ${callerOnly.length} of them for the caller`);
    // In turns, so both see the same background load (a shared machine).
    const [raw, full] = await pairedRequestsPerSecond({ url: `${base}/raw` }, { url: `${base}${listPath}`, headers }, 2 * OPTIONS.durationS);
    printRatio('participations list, full stack vs raw pg route (postgres)', full, raw, 'req/s');
  } finally {
    await app.close();
    await rawPool.end();
    await db.close();
  }
}

/** The URL of the bench database (`openBenchDatabase` names it at random). */
async function currentDatabaseUrl(db: Database): Promise<string> {
  const [row] = await db.rows<{ name: string }>(sql`SELECT current_database() AS name`);
  const server = new URL(benchServerUrl());
  server.pathname = `/${row.name}`;
  return server.toString();
}

if (await postgresAvailable()) await bench();
else console.log('participations list (postgres): skipped, no PostgreSQL server reachable');
