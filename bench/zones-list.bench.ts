// A filtered, sorted, paginated list of zones through the whole stack (HTTP, query
// engine, database, envelope), against a bare Fastify route on the same process.
import { encodeQuery } from '../packages/contracts/src/query-codec';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type BenchServer, openBenchDatabase, postgresAvailable } from './support/bench-db';
import { listenLocally, pairedRequestsPerSecond, requestsPerSecond } from './support/http-load';
import { printRatio } from './support/report';
import { envNumber, envText } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_DURATION_S: seconds of each load run [5]. */
  durationS: envNumber('BENCH_DURATION_S', 5),
  /** BENCH_ONLY=postgres (or embedded): runs one half alone, e.g. to profile it [both]. */
  only: envText('BENCH_ONLY'),
};
const WARM_UP_S = 2;

const listPath = `/api/v2/zones?${encodeQuery({
  filter_groups: [{ filters: [{ key: 'type', operator: 'eq', value: 'town' }, { key: 'name', operator: 'ct', value: 'a' }] }],
  sort: [{ key: 'name', direction: 'asc' }],
  includes: ['parent'],
  limit: 10,
  page: 1,
})}`;

interface Half {
  kind: BenchServer;
  base: string;
  close: () => Promise<void>;
}

async function startHalf(kind: BenchServer): Promise<Half> {
  const db = await openBenchDatabase(kind);
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000' });
  const app = await buildApp({ config, db, serveWeb: false });
  // The baseline answers the same JSON body without touching the engine or the database.
  let sample = '';
  app.get('/bare', async () => JSON.parse(sample));
  sample = (await app.inject({ url: listPath })).body;
  const base = await listenLocally(app);
  return {
    kind,
    base,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

async function measure(half: Half) {
  const bare = await requestsPerSecond({ url: `${half.base}/bare`, durationS: OPTIONS.durationS, warmUpS: WARM_UP_S });
  const full = await requestsPerSecond({ url: `${half.base}${listPath}`, durationS: OPTIONS.durationS, warmUpS: WARM_UP_S });
  printRatio(`zones list, full stack (${half.kind})`, full, bare, 'req/s');
}

const only = OPTIONS.only;
const halves: Half[] = [];
try {
  if (only !== 'postgres') halves.push(await startHalf('embedded'));
  if (only !== 'embedded') {
    if (await postgresAvailable()) halves.push(await startHalf('postgres'));
    else console.log('zones list (postgres): skipped, no PostgreSQL server reachable');
  }
  for (const half of halves) await measure(half);
  if (halves.length === 2) {
    // Issue 18's figure: the embedded server against the machine's, both warm, measured in
    // turns so that both see the same background load.
    const [embedded, server] = await pairedRequestsPerSecond(
      { url: `${halves[0].base}${listPath}`, warmUpS: WARM_UP_S },
      { url: `${halves[1].base}${listPath}`, warmUpS: WARM_UP_S },
      OPTIONS.durationS * 2,
      10,
    );
    printRatio('zones list, embedded vs postgres (in turns)', embedded, server, 'req/s');
  }
} finally {
  for (const half of halves) await half.close();
}
