// The fault suite: three API processes behind HAProxy on a PostgreSQL server and a
// redis-server of its own (never the machine's), with submissions, lists and socket traffic
// running through the proxy while, one after the other: an API process is killed with
// SIGKILL; PostgreSQL is stopped for ten seconds and started again; Redis is restarted; the
// upload folder fills up. For each: the requests that failed, how long until every kind of
// request succeeded again, and whether every participation submitted (retried with its
// key, as the offline client does) is stored exactly once.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Deployment, startDeployment } from './deployment';
import { sleep } from './processes';
import { createDatabase, type OwnPostgres, type OwnRedis, startOwnPostgres, startOwnRedis } from './servers';
import { type ChatListener, createFixtures, type Fixtures, headersOf, listen, readList, sendMessage, storedFor, submitUntilStored, Tally } from './traffic';

export interface FaultResult {
  fault: string;
  /** Failed attempts by kind (a submission retried three times before it passed counts 3). */
  failed: { submissions: number; lists: number; messages: number; uploads?: number };
  /** Succeeded during the phase. */
  succeeded: { submissions: number; lists: number; messages: number; uploads?: number };
  /** Seconds from the fault until every kind of request succeeded again (0: none failed). */
  backAfterS: number;
  /** Participations submitted during the phase, and what the database holds of them. */
  participations: { submitted: number; stored: number; lost: number; duplicated: number; answers: number; participants: number };
  /** Chat messages sent during the phase that the listening socket received. */
  socket: { sent: number; received: number; reconnects: number };
  statuses: Record<string, number>;
  /** API processes that exited during the phase (each restarted 2 s later, as systemd does); the SIGKILL counts. */
  processExits: number;
  note?: string;
}

export interface FaultOptions {
  /** Healthy traffic before and after each fault, seconds. */
  settleS: number;
  /** Submission clients running at once. */
  submitters: number;
  /** Skip the disk-full fault (needs root to mount a small tmpfs). */
  skipDisk?: boolean;
  /** Only these faults (by their first word: sigkill, postgresql, redis, upload); all when absent. */
  only?: string[];
  log?: (line: string) => void;
}

interface Phase {
  submissions: Tally;
  lists: Tally;
  messages: Tally;
  uploads: Tally;
  keys: string[];
  sent: string[];
  /** Last failure of any kind, and first success of each kind after it. */
  started: number;
}

function newPhase(): Phase {
  return { submissions: new Tally(), lists: new Tally(), messages: new Tally(), uploads: new Tally(), keys: [], sent: [], started: performance.now() };
}

/** Traffic that runs for the whole suite, recording into the current phase. */
function startTraffic(deployment: Deployment, fixtures: Fixtures, options: FaultOptions, current: () => Phase, withUploads: () => boolean) {
  let running = true;
  let n = 0;
  const loops: Promise<void>[] = [];
  for (let i = 0; i < options.submitters; i++) {
    loops.push(
      (async () => {
        while (running) {
          const phase = current();
          const key = `fault-${process.pid}-${n}-${Math.random().toString(36).slice(2)}`;
          phase.keys.push(key);
          // Retried with the same key until stored, as the offline outbox does.
          if (!(await submitUntilStored(deployment.url, fixtures.survey, key, n++, phase.submissions, 200))) throw new Error(`participation ${key} never delivered`);
        }
      })(),
    );
  }
  loops.push(
    (async () => {
      while (running) {
        await readList(deployment.url, fixtures, current().lists);
        await sleep(100);
      }
    })(),
  );
  loops.push(
    (async () => {
      let m = 0;
      while (running) {
        const phase = current();
        const body = `Message ${m++}`;
        const res = await sendMessage(deployment.url, fixtures, body, phase.messages);
        if (res?.ok) phase.sent.push(body);
        await sleep(200);
      }
    })(),
  );
  loops.push(
    (async () => {
      while (running) {
        if (withUploads()) await uploadOnce(deployment.url, fixtures, current().uploads);
        await sleep(250);
      }
    })(),
  );
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** A 64 KB company document (a PDF by its first bytes, as the API checks) uploaded by the owner. */
const DOCUMENT = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64 * 1024, 32)]);
async function uploadOnce(url: string, fixtures: Fixtures, tally: Tally) {
  const form = new FormData();
  form.append('file', new Blob([DOCUMENT], { type: 'application/pdf' }), 'rapport.pdf');
  const started = performance.now();
  try {
    const res = await fetch(`${url}/api/v2/medias`, { method: 'POST', headers: headersOf(fixtures.owner), body: form, signal: AbortSignal.timeout(120_000) });
    await res.arrayBuffer();
    tally.record(res.ok, performance.now() - started, String(res.status));
  } catch (error) {
    tally.record(false, performance.now() - started, (error as Error).name);
  }
}

/** Waits until every kind of traffic has succeeded after the last failure seen; seconds since the fault. */
async function backAfter(phase: Phase, faultAt: number, kinds: Tally[]): Promise<number> {
  const lastFailure = () => Math.max(0, ...kinds.map((t) => t.lastFailureAt ?? 0));
  if (lastFailure() === 0) return 0;
  // Each kind must have succeeded since the last failure: counted from then. Not back
  // within 10 minutes: reported as such (Infinity) rather than waiting for ever.
  for (let round = 0; round < 1200; round++) {
    const marks = kinds.map((t) => t.ok);
    await sleep(500);
    const since = lastFailure();
    if (performance.now() - since > 2_000 && kinds.every((t, i) => t.ok > marks[i])) return Math.max(0, (since - faultAt) / 1000);
    void phase;
  }
  return Number.POSITIVE_INFINITY;
}

export interface FaultSuite {
  results: FaultResult[];
}

/** Runs every fault in turn; its results. Stops everything it started. */
export async function runFaultSuite(options: FaultOptions): Promise<FaultResult[]> {
  const log = options.log ?? console.log;
  let pgServer: OwnPostgres | undefined;
  let redis: OwnRedis | undefined;
  let deployment: Deployment | undefined;
  let fixtures: Fixtures | undefined;
  let listener: ChatListener | undefined;
  let traffic: { stop(): Promise<void> } | undefined;
  let uploadsMount: string | undefined;
  const results: FaultResult[] = [];
  try {
    pgServer = await startOwnPostgres();
    redis = await startOwnRedis();
    const database = await createDatabase(pgServer.url);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'deploy-faults-data-'));
    // The upload folder on a 16 MB tmpfs of its own, so that filling it fills nothing else.
    if (!options.skipDisk) {
      const uploads = path.join(dataDir, 'uploads');
      mkdirSync(uploads, { recursive: true });
      const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0755', 'tmpfs', uploads], { encoding: 'utf8' });
      if (mounted.status === 0) uploadsMount = uploads;
      else log(`disk-full fault skipped: cannot mount a small tmpfs (${mounted.stderr.trim() || 'not root'})`);
    }
    // A short statement timeout and pool error logs: PostgreSQL's stop must fail requests fast, not hang them.
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
    traffic = startTraffic(deployment, fixtures, options, () => phase, () => uploading);
    const deploy = deployment;
    const fx = fixtures;
    const socket = listener;

    const runPhase = async (fault: string, inject: () => Promise<void>, recover: () => Promise<void>, note?: string) => {
      if (options.only && !options.only.includes(fault.split(' ')[0].toLowerCase())) return;
      phase = newPhase();
      const p = phase;
      const receivedBefore = socket.received.length;
      const reconnectsBefore = reconnects;
      const exitsBefore = deploy.unplannedExits();
      await sleep(options.settleS * 1000);
      const faultAt = performance.now();
      log(`${fault}: injecting`);
      await inject();
      await recover();
      const kinds = uploading ? [p.submissions, p.lists, p.messages, p.uploads] : [p.submissions, p.lists, p.messages];
      const back = await backAfter(p, faultAt, kinds);
      await sleep(options.settleS * 1000);
      // The next phase takes the traffic; this one's submissions still in flight finish with their retries.
      phase = newPhase();
      for (let i = 0; i < 600 && (await pendingKeys(fx, p)) > 0; i++) await sleep(500);
      const stored = await storedFor(fx.db, fx.survey, p.keys);
      const received = socket.received.slice(receivedBefore);
      const statuses: Record<string, number> = {};
      for (const t of kinds) for (const [k, v] of t.statuses) statuses[k] = (statuses[k] ?? 0) + v;
      const result: FaultResult = {
        fault,
        failed: { submissions: p.submissions.failed, lists: p.lists.failed, messages: p.messages.failed, ...(uploading && { uploads: p.uploads.failed }) },
        succeeded: { submissions: p.submissions.ok, lists: p.lists.ok, messages: p.messages.ok, ...(uploading && { uploads: p.uploads.ok }) },
        backAfterS: Math.round(back * 10) / 10,
        participations: { submitted: p.keys.length, ...stored },
        socket: { sent: p.sent.length, received: p.sent.filter((b) => received.includes(b)).length, reconnects: reconnects - reconnectsBefore },
        statuses,
        processExits: deploy.unplannedExits() - exitsBefore,
        ...(note && { note }),
      };
      log(`${fault}: ${JSON.stringify(result)}`);
      results.push(result);
    };

    await runPhase(
      'SIGKILL of one API process',
      async () => deploy.apis[0].kill('SIGKILL'),
      async () => {
        await deploy.apis[0].exited;
        // Started again by the supervisor, as systemd's Restart=always does.
        await sleep(2_500);
        await deploy.waitReady(0);
      },
    );
    const pg = pgServer;
    await runPhase(
      'PostgreSQL stopped for 10 s',
      async () => {
        await pg.stop();
        await sleep(10_000);
      },
      () => pg.start(),
    );
    const rd = redis;
    await runPhase(
      'Redis restarted',
      async () => {
        await rd.stop();
        await sleep(2_000);
      },
      () => rd.start(),
    );
    if (uploadsMount && (!options.only || options.only.includes('upload'))) {
      uploading = true;
      const filler = path.join(uploadsMount, 'filler');
      await runPhase(
        'upload disk full',
        async () => {
          // Every byte left taken: uploads have nowhere to go until the space is freed.
          spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M', 'count=64'], { encoding: 'utf8' });
          await sleep(10_000);
        },
        async () => rmSync(filler, { force: true }),
        'upload folder on a 16 MB tmpfs filled to the last byte for 10 s, then freed',
      );
      uploading = false;
    }
    return results;
  } finally {
    await traffic?.stop().catch(() => {});
    listener?.close();
    await fixtures?.db.close().catch(() => {});
    await deployment?.stop().catch(() => {});
    if (uploadsMount) spawnSync('umount', [uploadsMount]);
    await redis?.stop();
    await pgServer?.destroy();
  }
}

/** Submissions of a phase not yet finished by their clients (retries still running). */
async function pendingKeys(fixtures: Fixtures, phase: Phase): Promise<number> {
  const stored = await storedFor(fixtures.db, fixtures.survey, phase.keys);
  return phase.keys.length - stored.stored;
}

/** The results as the Markdown table docs/RELIABILITY.md shows. */
export function markdownTable(results: FaultResult[]): string {
  const lines = [
    '| Fault | Failed attempts (submissions / lists / messages / uploads) | Back after | Participations submitted → stored once (lost, twice) | Socket messages received / sent (reconnects) | Process exits |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const f = r.failed;
    const p = r.participations;
    lines.push(
      `| ${r.fault} | ${f.submissions} / ${f.lists} / ${f.messages} / ${f.uploads ?? '–'} | ${r.backAfterS} s | ${p.submitted} → ${p.stored} (${p.lost}, ${p.duplicated}) | ${r.socket.received} / ${r.socket.sent} (${r.socket.reconnects}) | ${r.processExits} |`,
    );
  }
  return lines.join('\n');
}

export function writeResults(file: string, results: FaultResult[]) {
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
