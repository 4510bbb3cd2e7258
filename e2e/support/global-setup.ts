import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/api/src/db/embedded/free-port';
import { CHROMIUM_PATH } from './browser';

const root = path.resolve(import.meta.dirname, '../..');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/v2/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/**
 * The sweeper a stopped run leaves behind: it waits until the server (its pid) has exited,
 * then removes the server's data folder. Run by a detached `node -e`, as vitest exits
 * 1 ms after a signal, without the teardown.
 */
const SWEEPER = `
const [pid, dir] = process.argv.slice(1);
const alive = () => { try { process.kill(Number(pid), 0); return true; } catch { return false; } };
const deadline = Date.now() + 10 * 60_000;
const sweep = () => {
  if (alive() && Date.now() < deadline) return setTimeout(sweep, 500);
  require('node:fs').rmSync(dir, { recursive: true, force: true });
};
sweep();
`;

/**
 * A run stopped by Ctrl-C or SIGTERM: vitest exits at once, without the teardown, which
 * left the server and its embedded PostgreSQL running. The server is told to stop here
 * (on SIGTERM it drains, then stops its PostgreSQL itself), and a detached sweeper removes
 * the data folder once it has exited. Returns the way to stop listening (the teardown).
 */
function stopOnInterrupt(child: ChildProcess, dataDir: string): () => void {
  const onSignal = () => {
    child.kill('SIGTERM');
    spawn(process.execPath, ['-e', SWEEPER, String(child.pid), dataDir], { detached: true, stdio: 'ignore' }).unref();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

/**
 * Builds the web app (and the API when its build is missing or stale), starts the built
 * server as production runs it (`apps/api/dist/server.js` with plain Node, as
 * `npm run start:built -w apps/api` does: no TypeScript loader) on a free port with a
 * fresh embedded database and the demo data, and hands its URL to the journeys. Without Chromium the journeys skip,
 * except in CI where a missing browser is a failure.
 */
export default async function setup(project: TestProject) {
  const hasBrowser = existsSync(CHROMIUM_PATH);
  project.provide('hasBrowser', hasBrowser);
  if (!hasBrowser) {
    if (process.env.CI === 'true') throw new Error(`CI needs Chromium at ${CHROMIUM_PATH}`);
    console.warn(`Browser journeys skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
    project.provide('baseURL', '');
    return;
  }
  // vitest sets NODE_ENV=test, which would give React's development build.
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('web build failed');
  // The API build as `npm start` makes it: only when absent or older than its sources.
  const api = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'api'], { cwd: root, stdio: 'inherit' });
  if (api.status !== 0) throw new Error('API build failed');

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  // node itself (not npm) so that stopping the child stops the server, not only a wrapper;
  // the flags of `start:built` (apps/api/package.json).
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--enable-source-maps', 'dist/server.js'], {
    cwd: path.join(root, 'apps/api'),
    // development: the journeys read one-time codes from GET dev/outbox, as a tester would
    // (the only difference from production's settings; the demo data is seeded outside
    // production too).
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // The payment journeys pay through the local operator emulators.
      PAYMENT_EMULATORS: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Every browser and API call of every journey comes from 127.0.0.1, so the global
      // per-address limit (300 a minute) stands for one person, not for the whole suite:
      // after the navigation walk, the next journey's reads were answered 429 (the
      // messaging journey's diffusions list once stayed empty for 30 s on CI). Routes
      // with their own limits (public, chat requests, uploads) keep them.
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stopListening = stopOnInterrupt(child, dataDir);
  const baseURL = `http://127.0.0.1:${port}`;
  // A cap, not a timing assertion: a first start (initdb, migrations, demo data) on a
  // loaded 2-core machine can take minutes.
  await waitForHealth(baseURL, child, 600_000).catch(async (error) => {
    // A server that never answered is stopped too, not left on the machine.
    stopListening();
    child.kill('SIGTERM');
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  project.provide('baseURL', baseURL);

  return async () => {
    stopListening();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    hasBrowser: boolean;
  }
}
