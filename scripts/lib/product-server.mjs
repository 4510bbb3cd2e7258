/**
 * The production build served by the real product server, for the figures scripts
 * (scripts/answer-page-figures.mjs, answer-page-offline-figures.mjs, budgets.mjs): API and built web app on one
 * port as `npm start` serves them, the embedded PostgreSQL in a temporary folder, the demo
 * data on, a free port.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function step(message) {
  process.stderr.write(`» ${message}\n`);
}

/** A copy of apps/api/src/db/embedded/free-port.ts (scripts run without a TypeScript loader). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function buildWeb() {
  step('building the web app (npm run build -w apps/web)');
  // NODE_ENV=production: a caller's test or development value would give React's development build.
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error('web build failed');
}

/** How long the server may take to stop on SIGTERM (it drains, then stops its PostgreSQL) before it is killed. */
const STOP_GRACE_MS = 60_000;

/** Whether a process of that pid is alive. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid, ms) {
  const deadline = Date.now() + ms;
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  return !alive(pid);
}

/**
 * The embedded PostgreSQL a server left behind: it runs detached (its own process group),
 * and a server stopped before it installed its SIGTERM handler (during its start: initdb,
 * migrations, demo data) or killed dies without stopping it. Stopped here, "fast" mode
 * (SIGINT), then "immediate" (SIGQUIT), before its data folder is removed under it.
 */
async function stopLeftPostgres(dataDir) {
  let pid;
  try {
    pid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return; // never started, or stopped cleanly (PostgreSQL removes the file)
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  // A pid reused since by another program is not ours.
  const name = (() => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8');
    } catch {
      return 'postgres';
    }
  })();
  if (!name.startsWith('postgres')) return;
  step(`stopping the embedded PostgreSQL the server left running (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  if (await waitUntilGone(pid, 30_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitUntilGone(pid, 10_000))) throw new Error(`the embedded PostgreSQL (pid ${pid}) did not stop`);
}

/**
 * The product server as `npm start -w apps/api` runs it (tsx, the same V8 flag), with the
 * embedded database in a fresh folder: no DATABASE_URL nor REDIS_URL from the caller's
 * environment, the demo data on. Returned at once, before it answers, so that a caller
 * can register `stop` (interrupts, failures) while it starts: `untilHealthy()` waits for
 * it. `stop()` may be called any number of times, from anywhere: one stop, shared.
 */
export function spawnServer(port, prefix = 'figures-') {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const child = spawn(process.execPath, ['--import', 'tsx', '--max-semi-space-size=64', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SEED_DEMO: 'true', LOG_LEVEL: 'warn', SENTRY_DSN: '', SENTRY_BROWSER_DSN: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseURL = `http://127.0.0.1:${port}`;
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const gone = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS).unref())]);
        if (!gone) {
          step(`the server did not stop within ${STOP_GRACE_MS / 1000} s of SIGTERM: killing it`);
          child.kill('SIGKILL');
          await exited;
        }
      }
      await stopLeftPostgres(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  /** Resolves once `GET /api/v2/health` answers; a server that exits or never answers is stopped, then rejects. */
  const untilHealthy = async () => {
    // A cap, not a measure: a first start (initdb, migrations, demo data) on a loaded machine takes minutes.
    const deadline = Date.now() + 600_000;
    while (true) {
      if (child.exitCode !== null || child.signalCode !== null) {
        await stop();
        throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before answering`);
      }
      try {
        if ((await fetch(`${baseURL}/api/v2/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error('server not healthy after 10 minutes');
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  return { baseURL, stop, untilHealthy };
}

/** spawnServer, once it answers. */
export async function startServer(port, prefix = 'figures-') {
  const server = spawnServer(port, prefix);
  await server.untilHealthy();
  return server;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** A markdown table of figures against their targets. */
export function table(rows) {
  const header = ['figure', 'value', 'target', 'result'];
  const lines = [header, ...rows.map((r) => [r.figure, r.value, r.target ?? '—', r.pass === undefined ? '—' : r.pass ? 'pass' : 'FAIL'])];
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  const format = (l) => `| ${l.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [format(lines[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.slice(1).map(format)].join('\n');
}
