// The database and Redis a deployment under test runs on. For the deployment test: a fresh
// database on the machine's PostgreSQL, and the machine's Redis under a key prefix of its
// own. For the fault suite, which stops them: a PostgreSQL server and a redis-server of its
// own, on free ports, in a temporary folder; the machine's are never stopped.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresBinaries } from '../../apps/api/src/db/embedded/binaries';
import { freePort, sleep } from './processes';

export const MACHINE_POSTGRES = process.env.DEPLOY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MACHINE_REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at `url`. */
export async function postgresAnswers(url: string): Promise<boolean> {
  try {
    await admin(url, 'SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** A new, empty database on the server of `serverUrl`; `drop` removes it. */
export async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `deploy_${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A PostgreSQL server of our own that can be stopped and started again on the same port. */
export interface OwnPostgres {
  /** Its `postgres` database (create the application's database with createDatabase). */
  url: string;
  start(): Promise<void>;
  /** Fast shutdown (SIGINT): open transactions are rolled back, clients cut. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const { initdb, postgres } = await postgresBinaries();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'deploy-pg-'));
  const cluster = path.join(dir, 'cluster');
  mkdirSync(cluster, { mode: 0o700 });
  // PostgreSQL refuses to run as root: then as the `postgres` account (the embedded server does the same).
  const owner: { uid?: number; gid?: number } = {};
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    owner.uid = id('-u');
    owner.gid = id('-g');
    chmodSync(dir, 0o711);
    chownSync(cluster, owner.uid, owner.gid);
  }
  const init = spawnSync(initdb, [`--pgdata=${cluster}`, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C'], { encoding: 'utf8', ...owner });
  if (init.status !== 0) throw new Error(`initdb: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  const start = async () => {
    // Durable settings, as the embedded server runs them: fsync and synchronous commits on.
    child = spawn(postgres, ['-D', cluster, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'], {
      stdio: 'ignore',
      ...owner,
    });
    for (let i = 0; i < 300; i++) {
      if (await postgresAnswers(url)) return;
      await sleep(100);
    }
    throw new Error('own PostgreSQL did not start');
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGINT');
    await gone;
  };
  await start();
  return {
    url,
    start,
    stop,
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A redis-server of our own (no persistence), restartable on the same port. */
export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const ping = () => spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG';
  const start = async () => {
    child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100 && !ping(); i++) await sleep(50);
    if (!ping()) throw new Error('own redis-server did not start');
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await gone;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
