// `npm run soak -- --minutes N [--capacity-seconds S] [--rate R] [--postgres own|machine] [--out file.json]`
// Three API processes behind HAProxy, on a PostgreSQL server of the run's own (default) or the
// machine's (`--postgres machine`, a database of its own), and the machine's Redis. Its own
// server runs PostgreSQL's defaults, autovacuum on, as a deployment does: this machine's
// server runs with autovacuum off, so nothing vacuums nor analyses the soak's tables while
// they grow and rows every submission updates (the survey's participation counter) pile up
// dead versions; a 30-minute run there slowed minute after minute (docs/RELIABILITY.md,
// "Soak"). Each minute's line prints the dead row versions of the run's database.
//
// First measures the capacity of the mix (deploy/test/load.ts) in a closed loop, then sends
// it at half that rate for N minutes (or at `--rate` requests/s: on a shared machine, half of
// a quiet minute's capacity is more than its busiest minutes give, and a soak above the
// capacity of the moment measures its queue, not the service). Every minute: each API
// process's resident memory, p50/p99 latency, error rate, the machine's load. Passes when
// no request failed, every participation sent is stored exactly once, and no process's
// memory grew by 10 % or more after warm-up (the first minute, or the first 20 % of a longer
// run): the peak of its last minutes against the peak of its first minutes after warm-up (up
// to five each). Peaks, not one snapshot each: a process's resident memory saws up and down
// with its garbage collector by 20 % and more within minutes, so a snapshot taken just after
// a collection reads as growth; a leak raises the peaks.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startDeployment } from './test/deployment';
import { measureCapacity, newLoad, runAtRate } from './test/load';
import { memoryGrowth } from './test/memory-growth';
import { rssOf, sleep, stopOnInterrupt } from './test/processes';
import { createDatabase, MACHINE_POSTGRES, MACHINE_REDIS, startOwnPostgres } from './test/servers';
import { createFixtures, listen, storedFor, Tally } from './test/traffic';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    'capacity-seconds': { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '12' },
    rate: { type: 'string' },
    postgres: { type: 'string', default: 'own' },
    out: { type: 'string' },
  },
});
const minutes = Number(values.minutes);
const capacitySeconds = Number(values['capacity-seconds']);
const concurrency = Number(values.concurrency);
const fixedRate = values.rate === undefined ? undefined : Number(values.rate);
if (fixedRate !== undefined && !(fixedRate > 0)) throw new Error('--rate R (requests/s, R > 0)');
if (!(minutes >= 1)) throw new Error('--minutes N (N ≥ 1)');
if (values.postgres !== 'own' && values.postgres !== 'machine') throw new Error('--postgres own|machine');

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** What the database of the run has committed so far, and its open connections. */
async function postgresCounters(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT (SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database())::bigint AS xacts,
              (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database())::int AS connections,
              (SELECT coalesce(sum(n_dead_tup), 0) FROM pg_stat_user_tables)::bigint AS dead,
              (SELECT relname FROM pg_stat_user_tables ORDER BY n_dead_tup DESC LIMIT 1) AS most_dead`,
    );
    return { xacts: Number(rows[0].xacts), connections: rows[0].connections as number, deadTuples: Number(rows[0].dead), mostDead: rows[0].most_dead as string | null };
  } finally {
    await client.end();
  }
}

/** Commands Redis has processed (the whole server: other users of the machine's Redis count too) and its clients. */
function redisCounters(url: string) {
  const info = spawnSync('redis-cli', ['-u', url, 'info'], { encoding: 'utf8' }).stdout ?? '';
  const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? 0);
  return { commands: field('total_commands_processed'), clients: field('connected_clients') };
}
const ownPostgres = values.postgres === 'own' ? await startOwnPostgres() : null;
const database = await createDatabase(ownPostgres?.url ?? MACHINE_POSTGRES);
/** Drops the run's database, and stops its own server. */
const dropDatabase = async () => {
  await database.drop();
  await ownPostgres?.destroy();
};
const deployment = await startDeployment({ databaseUrl: database.url, redisUrl: MACHINE_REDIS }).catch(async (error) => {
  await dropDatabase();
  throw error;
});
const fixtures = await createFixtures(deployment.url, database.url);
const listener = await listen(deployment.url, fixtures.member, ['websocket']);
// Ctrl-C (or SIGTERM) in the middle of a soak stops the API processes, HAProxy and the
// run's database too, instead of leaving them running on the machine.
stopOnInterrupt(async () => {
  listener.close();
  await fixtures.db.close();
  await deployment.stop();
  await dropDatabase();
});
let exitCode = 1;
try {
  console.log(`deployment up (${deployment.url}; logs ${deployment.logDir}; PostgreSQL: ${ownPostgres ? 'its own server' : "the machine's server"}); machine: ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  // Warm the processes (JIT, pools) before measuring.
  await measureCapacity(deployment.url, fixtures, 10, concurrency);
  const capacity = await measureCapacity(deployment.url, fixtures, capacitySeconds, concurrency);
  const rate = fixedRate ?? capacity.requestsPerS / 2;
  console.log(
    `capacity (closed loop, ${concurrency} clients, ${capacitySeconds} s): ${capacity.requestsPerS.toFixed(1)} requests/s (${capacity.submissionsPerS.toFixed(1)} submissions/s), p50 ${capacity.p50.toFixed(0)} ms, p99 ${capacity.p99.toFixed(0)} ms, ${capacity.failed} failed ${JSON.stringify(Object.fromEntries(capacity.load.tally.statuses))} ${capacity.load.tally.samples.join(' | ')}`,
  );
  console.log(`soak: ${minutes} min at ${rate.toFixed(1)} requests/s (${fixedRate === undefined ? 'half the capacity' : 'the rate given'})`);

  const load = newLoad();
  const received0 = listener.received.length;
  const runner = runAtRate(deployment.url, fixtures, rate, load);
  const samples: Array<{
    minute: number;
    rssMb: number[];
    requests: number;
    failed: number;
    p50: number;
    p99: number;
    load1: number;
    pgXactsPerS: number;
    pgConnections: number;
    pgDeadTuples: number;
    pgMostDeadTable: string | null;
    redisCommandsPerS: number;
    redisClients: number;
  }> = [];
  let pgBefore = await postgresCounters(database.url);
  let redisBefore = redisCounters(MACHINE_REDIS);
  const minuteTally = () => load.tally;
  let lastOk = 0;
  let lastFailed = 0;
  for (let minute = 1; minute <= minutes; minute++) {
    const slice = new Tally();
    const before = minuteTally().latencies.length;
    await sleep(60_000);
    slice.latencies = minuteTally().latencies.slice(before);
    const pgNow = await postgresCounters(database.url);
    const redisNow = redisCounters(MACHINE_REDIS);
    const sample = {
      minute,
      pgXactsPerS: Math.round((pgNow.xacts - pgBefore.xacts) / 60),
      pgConnections: pgNow.connections,
      pgDeadTuples: pgNow.deadTuples,
      pgMostDeadTable: pgNow.mostDead,
      redisCommandsPerS: Math.round((redisNow.commands - redisBefore.commands) / 60),
      redisClients: redisNow.clients,
      rssMb: deployment.apis.map((a) => mb(rssOf(a.pid))),
      requests: load.tally.ok - lastOk + (load.tally.failed - lastFailed),
      failed: load.tally.failed - lastFailed,
      p50: Math.round(slice.percentile(50)),
      p99: Math.round(slice.percentile(99)),
      load1: Number(os.loadavg()[0].toFixed(1)),
    };
    pgBefore = pgNow;
    redisBefore = redisNow;
    if (sample.failed > 0) console.log(`  failed: ${JSON.stringify(Object.fromEntries(load.tally.statuses))} ${load.tally.samples.slice(-2).join(' | ').slice(0, 300)}`);
    lastOk = load.tally.ok;
    lastFailed = load.tally.failed;
    samples.push(sample);
    console.log(
      `minute ${String(minute).padStart(3)}  rss ${sample.rssMb.map((r) => `${r} MB`).join(' / ')}  ${sample.requests} requests, ${sample.failed} failed  p50 ${sample.p50} ms  p99 ${sample.p99} ms  load ${sample.load1}  pg ${sample.pgXactsPerS} xact/s ${sample.pgConnections} conn ${sample.pgDeadTuples} dead (most: ${sample.pgMostDeadTable})  redis ${sample.redisCommandsPerS} cmd/s ${sample.redisClients} clients`,
    );
  }
  await runner.stop();
  const stored = await storedFor(fixtures.db, fixtures.survey, load.keys);
  const warmup = Math.max(1, Math.floor(minutes * 0.2));
  const { growth, window } = memoryGrowth(samples.map((sample) => sample.rssMb), warmup);
  const delivered = listener.received.length - received0;
  const passed = load.tally.failed === 0 && stored.lost === 0 && stored.duplicated === 0 && growth.every((g) => g < 0.1);
  const summary = {
    minutes,
    postgres: values.postgres,
    machine: { cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 1024 ** 3) },
    capacity: { requestsPerS: capacity.requestsPerS, submissionsPerS: capacity.submissionsPerS, p50: capacity.p50, p99: capacity.p99, concurrency },
    rate,
    requests: load.tally.ok + load.tally.failed,
    failed: load.tally.failed,
    failedBy: Object.fromEntries(load.tally.statuses),
    failureSamples: load.tally.samples,
    skippedTicks: runner.skipped(),
    submissions: load.keys.length,
    stored,
    messagesSent: load.messagesSent,
    messagesReceivedBySocket: delivered,
    memoryGrowthAfterWarmup: growth.map((g) => `${(g * 100).toFixed(1)} %`),
    warmupMinutes: warmup,
    memoryWindowMinutes: window,
    samples,
    passed,
  };
  if (values.out) writeFileSync(values.out, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(
    `\n${passed ? 'PASS' : 'FAIL'}: ${summary.requests} requests, ${summary.failed} failed; ${stored.stored}/${load.keys.length} participations stored once (${stored.lost} lost, ${stored.duplicated} twice); memory (peak of the last ${window} min against the peak of minutes ${warmup + 1}–${warmup + window}): ${summary.memoryGrowthAfterWarmup.join(', ')}; ${delivered}/${load.messagesSent} chat messages reached the socket`,
  );
  exitCode = passed ? 0 : 1;
} finally {
  listener.close();
  await fixtures.db.close();
  await deployment.stop();
  await dropDatabase();
}
process.exit(exitCode);
