// The processes of a deployment under test: API processes, HAProxy, and helpers to wait
// for them. One place decides how an API process is started (startApiProcess) and which
// path HAProxy checks (healthPath), so that a change of either is one edit.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
export const HAPROXY_CFG = path.join(ROOT, 'deploy/haproxy.cfg');

/**
 * The readiness path HAProxy checks: 200 only once migrations ran and the database
 * answers, 503 from the moment a process is told to stop.
 */
export const READINESS_PATHS = ['/api/v2/health/ready'] as const;

/** Builds the API when its build is missing or older than its sources (as `npm start` does). */
export function ensureApiBuilt(): void {
  const result = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'api'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the API build failed:\n${result.stdout}\n${result.stderr}`);
}

export { freePort } from '../../apps/api/src/db/embedded/free-port';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// On SIGINT or SIGTERM, stop the run's processes first (one copy, shared with the figures scripts).
export { stopOnInterrupt } from '../../scripts/lib/stop-on-interrupt.mjs';

/** A started process: its pid, how to signal it, and when it exited. */
export interface Managed {
  name: string;
  child: ChildProcess;
  pid: number;
  exited: Promise<{ code: number | null; signal: string | null }>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
  kill(signal: NodeJS.Signals): void;
  alive(): boolean;
}

function manage(name: string, child: ChildProcess): Managed {
  if (child.pid === undefined) throw new Error(`${name}: not started`);
  let done = false;
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  return {
    name,
    child,
    pid: child.pid,
    exited,
    alive: () => !done,
    kill: (signal) => {
      if (!done) child.kill(signal);
    },
    async stop(graceMs = 15_000) {
      if (done) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface ApiProcessOptions {
  name: string;
  port: number;
  env: Record<string, string>;
  /** Where its output goes (appended). */
  logFile: string;
}

/**
 * Starts one API process as production does today: the server's TypeScript through tsx's
 * loader in the same Node process (`node --import tsx`, not the `tsx` CLI, which would put
 * a parent process between us and the server, so that SIGKILL would miss the server), with
 * the V8 flag `npm start` gives it. When the API is compiled, this is the one line to change
 * (`node dist/server.js`).
 */
export function startApiProcess({ name, port, env, logFile }: ApiProcessOptions): Managed {
  const out = createWriteStream(logFile, { flags: 'a' });
  // The built service, as production runs it (ensureApiBuilt first); node itself, so signals reach the server.
  const child = spawn(process.execPath, ['--max-semi-space-size=64', 'dist/server.js'], {
    cwd: path.join(ROOT, 'apps/api'),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return manage(name, child);
}

/** Starts HAProxy on deploy/haproxy.cfg with the addresses given as environment variables. */
export function startHaproxy(env: Record<string, string>, logFile: string): Managed {
  const out = createWriteStream(logFile, { flags: 'a' });
  // -db: stay in the foreground (no daemon), so that the process we hold is HAProxy itself.
  const child = spawn(HAPROXY_BIN, ['-db', '-f', HAPROXY_CFG], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return manage('haproxy', child);
}

/** GETs a URL; its status, or 0 when nothing answered. */
export async function statusOf(url: string, timeoutMs = 10_000): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Polls `url` until it answers 200; throws after `timeoutMs` or when `process` exits. */
export async function waitFor200(url: string, timeoutMs: number, process?: Managed): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process && !process.alive()) throw new Error(`${process.name} exited before ${url} answered`);
    if ((await statusOf(url)) === 200) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * Waits until the API answers 200 on one of READINESS_PATHS; returns the first that does
 * (the dedicated readiness endpoint when this API has it).
 */
export async function healthPath(baseUrl: string, timeoutMs: number, process?: Managed): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process && !process.alive()) throw new Error(`${process.name} exited before it was ready`);
    for (const p of READINESS_PATHS) if ((await statusOf(`${baseUrl}${p}`)) === 200) return p;
    await sleep(200);
  }
  throw new Error(`${baseUrl}: no readiness path answered 200 within ${timeoutMs} ms (${READINESS_PATHS.join(', ')})`);
}

/** Resident memory of a process in bytes (Linux /proc), or 0 once it is gone. */
export function rssOf(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D/g, '')) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Sends commands to HAProxy's runtime API (its admin socket); its answer. */
export function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const conn = connect(socket);
    let answer = '';
    conn.on('data', (d) => {
      answer += d.toString();
    });
    conn.on('end', () => resolve(answer));
    conn.on('error', reject);
    conn.end(`${command}\n`);
  });
}

/** Current sessions of a server in a backend, from `show stat` (the `scur` column). */
export async function serverSessions(socket: string, backend: string, server: string): Promise<number> {
  const csv = await haproxyCommand(socket, 'show stat');
  const [header, ...rows] = csv.split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const row = rows.map((r) => r.split(',')).find((r) => r[0] === backend && r[1] === server);
  return row ? Number(row[columns.indexOf('scur')]) : 0;
}
