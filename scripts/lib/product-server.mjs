/**
 * The production build served by the real product server, for the figures scripts
 * (scripts/answer-page-figures.mjs, scripts/budgets.mjs): API and built web app on one
 * port as `npm start` serves them, the embedded PostgreSQL in a temporary folder, the demo
 * data on, a free port.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

/**
 * The product server as `npm start -w apps/api` runs it (tsx, the same V8 flag), with the
 * embedded database in a fresh folder: no DATABASE_URL nor REDIS_URL from the caller's
 * environment, the demo data on.
 */
export async function startServer(port, prefix = 'figures-') {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const child = spawn(process.execPath, ['--import', 'tsx', '--max-semi-space-size=64', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SEED_DEMO: 'true', LOG_LEVEL: 'warn', SENTRY_DSN: '', SENTRY_BROWSER_DSN: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A cap, not a measure: a first start (initdb, migrations, demo data) on a loaded machine takes minutes.
  const deadline = Date.now() + 600_000;
  while (true) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/v2/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server not healthy after 10 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { baseURL, stop };
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
