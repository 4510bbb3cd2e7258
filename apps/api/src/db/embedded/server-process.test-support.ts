import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EMBEDDED_DATABASE } from '../database-server';

export { freePort } from './free-port';

const root = path.resolve(import.meta.dirname, '../../../../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it wrote (pino's JSON lines and stderr). */
  output(): string;
  exited: Promise<number | null>;
}

/** Builds apps/api/dist when it is missing or older than its sources (as `npm start` does). */
export function ensureApiBuilt(): void {
  const result = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'api'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the API build failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Starts the API on the embedded server of `dataDir`: its TypeScript through tsx, or with
 * `built`, apps/api/dist/server.js with plain Node, as `npm start` runs it (ensureApiBuilt first).
 */
export function startServerProcess(dataDir: string, port: number, env: Record<string, string> = {}, options: { built?: boolean } = {}): ServerProcess {
  let output = '';
  const entry = options.built ? ['apps/api/dist/server.js'] : ['--import', 'tsx', 'apps/api/src/server.ts'];
  // node itself (not npx), so that a signal reaches the server, not a wrapper.
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '1000000',
      PUBLIC_RATE_LIMIT_MAX: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until GET health (or `probe`) answers (a cap, not a timing assertion: a first start runs initdb and the seeds). */
export async function waitForHealth(server: ServerProcess, timeoutMs = 600_000, probe = 'health') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited with code ${server.child.exitCode}:\n${server.output().slice(-2000)}`);
    try {
      if ((await fetch(`${server.url}/api/v2/${probe}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output().slice(-2000)}`);
}

/** The application's database on the embedded server of `dataDir`, as the running server set it up. */
export function embeddedDatabaseUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const port = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://postgres:${password}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}
