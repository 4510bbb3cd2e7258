// A filtered, sorted, paginated list of zones through the whole stack (HTTP, query
// engine, database, envelope), against a bare Fastify route on the same process.
import autocannon from 'autocannon';
import { encodeQuery } from '../packages/contracts/src/query-codec';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type BenchServer, openBenchDatabase, postgresAvailable } from './support/bench-db';
import { printRatio } from './support/report';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);

const listPath = `/api/v2/zones?${encodeQuery({
  filter_groups: [{ filters: [{ key: 'type', operator: 'eq', value: 'town' }, { key: 'name', operator: 'ct', value: 'a' }] }],
  sort: [{ key: 'name', direction: 'asc' }],
  includes: ['parent'],
  limit: 10,
  page: 1,
})}`;

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function benchOn(kind: BenchServer) {
  const db = await openBenchDatabase(kind);
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000' });
  const app = await buildApp({ config, db, serveWeb: false });
  // The baseline answers the same JSON body without touching the engine or the database.
  let sample = '';
  app.get('/bare', async () => JSON.parse(sample));
  sample = (await app.inject({ url: listPath })).body;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const bare = await requestsPerSecond(`${base}/bare`);
    const full = await requestsPerSecond(`${base}${listPath}`);
    printRatio(`zones list, full stack (${kind})`, full, bare, 'req/s');
  } finally {
    await app.close();
    await db.close();
  }
}

// BENCH_ONLY=postgres (or embedded) runs one half alone, e.g. to profile it.
const only = process.env.BENCH_ONLY;
if (only !== 'postgres') await benchOn('embedded');
if (only !== 'embedded') {
  if (await postgresAvailable()) await benchOn('postgres');
  else console.log('zones list (postgres): skipped, no PostgreSQL server reachable');
}
