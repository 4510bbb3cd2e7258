// The back office's companies list (issue 19), PostgreSQL (the embedded database with BENCH_EMBEDDED=1):
// `GET mnt/companies` (a page of 20 with the counts of agents, sites, surveys and
// participations, and the total) over BENCH_COMPANIES companies and BENCH_PARTICIPATIONS
// participations, against a plain `SELECT` of the same page (the companies' own columns,
// no counts, no total), in the same run; sorted by name, and by participations (which
// counts every company). Ratios only; no timing is asserted anywhere.
// Run: npm run bench -- admin-companies   (BENCH_COMPANIES, BENCH_PARTICIPATIONS, BENCH_REPEAT: whole numbers; bench/support/bench-env.ts)
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../apps/api/src/demo/demo';
import { openBenchDatabase, postgresAvailable } from './support/bench-db';
import { printRatio } from './support/report';
import { seedBenchAccounts } from './support/survey-data';
import { envFlag, envNumber } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_COMPANIES: companies seeded [10 000]. */
  companies: envNumber('BENCH_COMPANIES', 10_000),
  /** BENCH_PARTICIPATIONS: participations seeded [1 000 000]. */
  participations: envNumber('BENCH_PARTICIPATIONS', 1_000_000),
  /** BENCH_REPEAT: timed runs of each case [10]. */
  repeat: envNumber('BENCH_REPEAT', 10),
  /** BENCH_EMBEDDED=1: the embedded server even when a PostgreSQL server is reachable. */
  embedded: envFlag('BENCH_EMBEDDED'),
};
// Participations are inserted in slices of 20k rows (one statement of 100k ran past the
// 60 s statement timeout of the bench database on a busy machine).
const SLICE = 20_000;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Mean milliseconds of `fn` over OPTIONS.repeat runs after one warm-up run. */
async function mean(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  let total = 0;
  for (let i = 0; i < OPTIONS.repeat; i++) total += await time(fn);
  return total / OPTIONS.repeat;
}

async function bench() {
  const kind = OPTIONS.embedded || !(await postgresAvailable()) ? 'embedded' : 'postgres';
  const db = await openBenchDatabase(kind);
  console.log(`database: ${kind}; ${OPTIONS.companies.toLocaleString('en')} companies, ${OPTIONS.participations.toLocaleString('en')} participations`);
  await seedBenchAccounts(db);
  const load = await time(async () => {
    await db.rows(sql`
      WITH towns AS (SELECT id, row_number() OVER (ORDER BY id) AS k, count(*) OVER () AS n FROM zones WHERE type = 'town'),
           sectors_n AS (SELECT id, row_number() OVER (ORDER BY id) AS k, count(*) OVER () AS n FROM sectors)
      INSERT INTO companies (name, code, email, zone_id, sector_id, status)
      SELECT 'Entreprise ' || g, 'B' || lpad(g::text, 6, '0'), 'contact' || g || '@bench.cm',
        (SELECT id FROM towns WHERE k = 1 + g % n), (SELECT id FROM sectors_n WHERE k = 1 + g % n),
        CASE WHEN g % 50 = 0 THEN 'suspended' ELSE 'active' END
      FROM generate_series(1, ${OPTIONS.companies}) g`);
    // One published survey per company; participations spread over them.
    await db.rows(sql`
      INSERT INTO surveys (company_id, code, title, status, published_at)
      SELECT id, 'BS' || id, 'Avis', 'published', now() FROM companies WHERE code LIKE 'B0%'`);
    // The survey count as a constant: `s.k = 1 + (g * 7919) % n` then depends on `g` alone
    // (in bigint: g * 7919 passes the int range past 271,000 participations)
    // and PostgreSQL hash-joins (with `s.n` from the window it compared every pair).
    const [{ n }] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM surveys WHERE code LIKE 'BS%'`);
    // The seeding session alone may run past the 60 s statement timeout (a shared, busy
    // machine); the measured requests keep it.
    await db.transaction(async (tx) => {
      await tx.rows(sql`SET LOCAL statement_timeout = '15min'`);
      for (let start = 1; start <= OPTIONS.participations; start += SLICE) {
        const end = Math.min(OPTIONS.participations, start + SLICE - 1);
        await tx.rows(sql`
          WITH s AS (SELECT id, company_id, row_number() OVER (ORDER BY id) AS k FROM surveys WHERE code LIKE 'BS%')
          INSERT INTO participations (survey_id, company_id, status, client_uuid, started_at, submitted_at, created_at)
          SELECT s.id, s.company_id, 'submitted', 'bench-admin-' || g, now(), now(), now()
          FROM generate_series(${start}::int, ${end}::int) g JOIN s ON s.k = 1 + (g::bigint * 7919) % ${n}::int`);
      }
    });
  });
  console.log(`loaded in ${(load / 1000).toFixed(1)} s`);
  await db.rows(sql`VACUUM ANALYZE companies`);
  await db.rows(sql`VACUUM ANALYZE participations`);

  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000' });
  const app = await buildApp({ config, db, serveWeb: false });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { login: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD, device: { ref: `bench-${Date.now()}` } },
  });
  const { token, user } = login.json().data;
  const headers = { authorization: `Bearer ${token}`, userid: String(user.id) };

  const plainPage = sql`SELECT id, name, code, email, status, created_at FROM companies WHERE deleted_at IS NULL ORDER BY lower(name), id LIMIT 20 OFFSET 200`;
  for (const [label, url] of [
    ['page 11 by name', '/api/v2/mnt/companies?page=10&limit=20'],
    ['page 11 searched "Entreprise 1"', '/api/v2/mnt/companies?page=10&limit=20&q=Entreprise%201'],
    ['page 1 by participations', '/api/v2/mnt/companies?page=0&limit=20&sort=-participations'],
  ] as const) {
    const check = await app.inject({ url, headers });
    if (check.statusCode !== 200) throw new Error(`mnt/companies failed: ${check.statusCode} ${check.body.slice(0, 300)}`);
    const baseline = await mean(() => db.rows(plainPage));
    const full = await mean(() => app.inject({ url, headers }));
    printRatio(`GET mnt/companies, ${label}`, full, baseline, 'ms', false);
  }
  await app.close();
  await db.close();
}

await bench();
