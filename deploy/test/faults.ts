// The fault suite: three API processes behind HAProxy on a PostgreSQL server and a
// redis-server of its own (never the machine's), with submissions, lists and socket traffic
// running through the proxy while, one after the other, each fault of faults/ is injected:
// an API process killed with SIGKILL; PostgreSQL stopped for ten seconds; Redis restarted;
// the upload folder filled. For each: the requests that failed and with which status, how
// long until every kind of request succeeded again, and whether every participation
// submitted (retried with its key, as the offline client does) is stored exactly once.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Deployment, startDeployment } from './deployment';
import type { Fault, FaultContext, FaultOptions, FaultResult } from './faults/fault';
import { backAfter, newPhase, pendingKeys, startTraffic } from './faults/phase';
import { postgresqlStop } from './faults/postgresql-stop';
import { redisRestart } from './faults/redis-restart';
import { sigkill } from './faults/sigkill';
import { mountUploads, unmountUploads, uploadDiskFull } from './faults/upload-disk-full';
import { sleep, stopOnInterrupt } from './processes';
import { createDatabase, type OwnPostgres, type OwnRedis, startOwnPostgres, startOwnRedis } from './servers';
import { type ChatListener, createFixtures, type Fixtures, listen, storedFor } from './traffic';

export type { FaultOptions, FaultResult } from './faults/fault';

/** The faults, in the order they are injected. */
export const FAULTS: Fault[] = [sigkill, postgresqlStop, redisRestart, uploadDiskFull];

/** Runs every fault in turn; its results. Stops everything it started. */
export async function runFaultSuite(options: FaultOptions): Promise<FaultResult[]> {
  const log = options.log ?? console.log;
  let postgres: OwnPostgres | undefined;
  let redis: OwnRedis | undefined;
  let deployment: Deployment | undefined;
  let fixtures: Fixtures | undefined;
  let listener: ChatListener | undefined;
  let traffic: { stop(): Promise<void> } | undefined;
  let uploadsMount: string | undefined;
  const results: FaultResult[] = [];
  const stopAll = async () => {
    await traffic?.stop().catch(() => {});
    listener?.close();
    await fixtures?.db.close().catch(() => {});
    await deployment?.stop().catch(() => {});
    if (uploadsMount) unmountUploads(uploadsMount);
    await redis?.stop();
    await postgres?.destroy();
  };
  // Ctrl-C or SIGTERM in the middle of the suite stops its servers too (as at the end).
  const stopListening = stopOnInterrupt(stopAll);
  try {
    postgres = await startOwnPostgres();
    redis = await startOwnRedis();
    const database = await createDatabase(postgres.url);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'deploy-faults-data-'));
    // The upload folder on a 16 MB tmpfs of its own, so that filling it fills nothing else.
    if (!options.skipDisk) {
      const mount = mountUploads(dataDir);
      if ('mounted' in mount) uploadsMount = mount.mounted;
      else log(`disk-full fault skipped: cannot mount a small tmpfs (${mount.reason})`);
    }
    // A short statement timeout: PostgreSQL's stop must fail requests fast, not hang them.
    // Supervised as systemd does (Restart=always): a process that dies is started again, and counted.
    deployment = await startDeployment({ databaseUrl: database.url, redisUrl: redis.url, dataDir, env: { STATEMENT_TIMEOUT_MS: '15000' }, supervise: true });
    fixtures = await createFixtures(deployment.url, database.url);
    listener = await listen(deployment.url, fixtures.member, ['websocket']);
    let reconnects = 0;
    listener.socket.io.on('reconnect', () => reconnects++);
    log(`deployment up: ${deployment.url} (logs ${deployment.logDir})`);
    // What three processes hold on servers used by nothing else (docs/SCALING.md).
    const redisClients = spawnSync('redis-cli', ['-u', redis.url, 'client', 'list'], { encoding: 'utf8' }).stdout.trim().split('\n').length - 1;
    const [pgConnections] = await fixtures.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()`);
    log(`connections held by ${deployment.apis.length} API processes (and this suite's own pool of 3): Redis ${redisClients}, PostgreSQL ${pgConnections.n}`);

    let phase = newPhase();
    let uploading = false;
    traffic = startTraffic(deployment, fixtures, options.submitters, () => phase, () => uploading);
    const context: FaultContext = { deployment, postgres, redis, uploadsMount };
    const deploy = deployment;
    const fx = fixtures;
    const socket = listener;

    for (const fault of FAULTS) {
      if (options.only && !options.only.includes(fault.key)) continue;
      const unavailable = fault.unavailable?.(context);
      if (unavailable) {
        log(`${fault.name}: skipped, ${unavailable}`);
        continue;
      }
      uploading = fault.withUploads === true;
      phase = newPhase();
      const p = phase;
      const receivedBefore = socket.received.length;
      const reconnectsBefore = reconnects;
      const exitsBefore = deploy.unplannedExits();
      await sleep(options.settleS * 1000);
      const faultAt = performance.now();
      log(`${fault.name}: injecting`);
      await fault.inject(context);
      await fault.recover(context);
      const kinds = uploading ? [p.submissions, p.lists, p.messages, p.uploads] : [p.submissions, p.lists, p.messages];
      const back = await backAfter(faultAt, kinds);
      await sleep(options.settleS * 1000);
      // The next phase takes the traffic; this one's submissions still in flight finish with their retries.
      phase = newPhase();
      for (let i = 0; i < 600 && (await pendingKeys(fx, p)) > 0; i++) await sleep(500);
      const stored = await storedFor(fx.db, fx.survey, p.keys);
      const received = socket.received.slice(receivedBefore);
      const statuses: Record<string, number> = {};
      for (const t of kinds) for (const [k, v] of t.statuses) statuses[k] = (statuses[k] ?? 0) + v;
      const result: FaultResult = {
        fault: fault.name,
        failed: { submissions: p.submissions.failed, lists: p.lists.failed, messages: p.messages.failed, ...(uploading && { uploads: p.uploads.failed }) },
        succeeded: { submissions: p.submissions.ok, lists: p.lists.ok, messages: p.messages.ok, ...(uploading && { uploads: p.uploads.ok }) },
        backAfterS: Math.round(back * 10) / 10,
        participations: { submitted: p.keys.length, ...stored },
        socket: { sent: p.sent.length, received: p.sent.filter((b) => received.includes(b)).length, reconnects: reconnects - reconnectsBefore },
        statuses,
        processExits: deploy.unplannedExits() - exitsBefore,
        ...(fault.note && { note: fault.note }),
      };
      uploading = false;
      log(`${fault.name}: ${JSON.stringify(result)}`);
      results.push(result);
    }
    return results;
  } finally {
    stopListening();
    await stopAll();
  }
}

/** Answers 500 during a fault: a bug, since an outage answers 503 (database) or 507 (disk full). */
export function internalErrors(result: FaultResult): number {
  return result.statuses['500'] ?? 0;
}

/** The results as the Markdown table docs/RELIABILITY.md shows. */
export function markdownTable(results: FaultResult[]): string {
  const lines = [
    '| Fault | Failed attempts (submissions / lists / messages / uploads) | Failed answers by status | Back after | Participations submitted → stored once (lost, twice) | Socket messages received / sent (reconnects) | Process exits |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const f = r.failed;
    const p = r.participations;
    const failures = Object.entries(r.statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    lines.push(
      `| ${r.fault} | ${f.submissions} / ${f.lists} / ${f.messages} / ${f.uploads ?? '–'} | ${failures || 'none'} | ${r.backAfterS} s | ${p.submitted} → ${p.stored} (${p.lost}, ${p.duplicated}) | ${r.socket.received} / ${r.socket.sent} (${r.socket.reconnects}) | ${r.processExits} |`,
    );
  }
  return lines.join('\n');
}

export function writeResults(file: string, results: FaultResult[]) {
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
