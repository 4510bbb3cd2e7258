// A list of sites filtered by zone through the query object (filter, sort, page,
// includes) over a company with 100,000 sites, against a bare Fastify route answering
// the same JSON in the same process.
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { encodeQuery } from '../packages/contracts/src/query-codec';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { seedPlatformData } from '../apps/api/src/db/seed/platform';
import { createOwner, headersOf } from '../apps/api/src/modules/tenancy/companies/tenancy.test-support';
import { type BenchServer, openBenchDatabase, postgresAvailable } from './support/bench-db';
import { printRatio } from './support/report';
import { envNumber } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_DURATION_S: seconds of each load run [5]. */
  durationS: envNumber('BENCH_DURATION_S', 5),
  /** BENCH_SITES: sites seeded [100 000]. */
  sites: envNumber('BENCH_SITES', 100_000),
};

async function requestsPerSecond(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, headers, connections: 10, duration: OPTIONS.durationS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function benchOn(kind: BenchServer) {
  const db = await openBenchDatabase(kind);
  // Roles and permissions: the owner's grants come from the platform catalogue.
  await seedPlatformData(db);
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000' });
  const app = await buildApp({ config, db, serveWeb: false });
  let sample = '';
  app.get('/bare', async () => JSON.parse(sample));
  await app.ready();
  try {
    const owner = await createOwner({ app, db, close: async () => {} }, 'Bench Sites');
    // 100,000 sites spread over every town of the reference zones.
    await db.rows(sql`INSERT INTO sites (company_id, name, code, zone_id, latitude, longitude, geofence_radius_m)
      SELECT ${owner.company.id}, 'Site ' || n, 'S' || n, towns.ids[1 + n % array_length(towns.ids, 1)], 4 + (n % 100) / 100.0, 9.7, 100
      FROM generate_series(1, ${OPTIONS.sites}) AS n, (SELECT array_agg(id ORDER BY id) AS ids FROM zones WHERE type = 'town') AS towns`);
    await db.rows(sql`ANALYZE sites`);
    const [douala] = await db.rows<{ id: number }>(sql`SELECT id FROM zones WHERE type = 'town' AND name = 'Douala'`);
    const listPath = `/api/v2/sites?${encodeQuery({
      filter_groups: [{ filters: [{ key: 'zone_id', operator: 'eq', value: douala.id }] }],
      sort: [{ key: 'name', direction: 'asc' }],
      includes: ['zone'],
      limit: 20,
      page: 3,
    })}`;
    const headers = headersOf(owner.session);
    const first = await app.inject({ url: listPath, headers });
    if (first.statusCode !== 200 || first.json().data.length !== 20) throw new Error(`list failed: ${first.statusCode} ${first.body.slice(0, 200)}`);
    sample = first.body;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const bare = await requestsPerSecond(`${base}/bare`, headers);
    const full = await requestsPerSecond(`${base}${listPath}`, headers);
    printRatio(`sites by zone, ${OPTIONS.sites} sites (${kind})`, full, bare, 'req/s');
  } finally {
    await app.close();
    await db.close();
  }
}

await benchOn('embedded');
if (await postgresAvailable()) await benchOn('postgres');
else console.log('sites list (postgres): skipped, no PostgreSQL server reachable');
