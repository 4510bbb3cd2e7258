import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from './client';
import { ensureApiBuilt, freePort, type ServerProcess, startServerProcess, waitForHealth } from './embedded/server-process.test-support';
import { withSetupLock } from './startup-lock';

/**
 * N API processes started at once on one empty database (startup-lock.ts): the migrations
 * are applied once, the seeds do not race, and every process starts.
 */
const serverUrl = inject('dbTemplate').serverUrl;
const database = `lock_${randomBytes(5).toString('hex')}`;
const databaseUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
})();
const dataDir = mkdtempSync(path.join(tmpdir(), 'lock-data-'));
const running: ServerProcess[] = [];

async function admin(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  ensureApiBuilt();
  await admin(`CREATE DATABASE ${database}`);
});

afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the setup lock', () => {
  it('lets one holder in at a time', async () => {
    const url = databaseUrl;
    const events: string[] = [];
    let releaseFirst = () => {};
    const firstHolds = new Promise<void>((r) => {
      releaseFirst = r;
    });
    let firstIn = () => {};
    const firstEntered = new Promise<void>((r) => {
      firstIn = r;
    });
    let waited = () => {};
    const secondWaits = new Promise<void>((r) => {
      waited = r;
    });
    const first = withSetupLock(url, async () => {
      events.push('first in');
      firstIn();
      await firstHolds;
      events.push('first out');
    });
    await firstEntered;
    const second = withSetupLock(
      url,
      async () => {
        events.push('second in');
      },
      () => waited(),
    );
    // The second is told it waits, and does not get in while the first holds the lock.
    await secondWaits;
    expect(events).toEqual(['first in']);
    releaseFirst();
    await Promise.all([first, second]);
    expect(events).toEqual(['first in', 'first out', 'second in']);
  });

  it('two built processes on an empty database apply the migrations once, and both start', { timeout: 600_000 }, async () => {
    const env = { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' };
    const [a, b] = [startServerProcess(dataDir, await freePort(), env, { built: true }), startServerProcess(dataDir, await freePort(), env, { built: true })];
    running.push(a, b);
    await Promise.all([waitForHealth(a, 600_000, 'health/ready'), waitForHealth(b, 600_000, 'health/ready')]);

    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const applied = await client.query<{ n: number; distinct_hashes: number }>('SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_hashes FROM drizzle.__drizzle_migrations');
      expect(applied.rows[0]).toEqual({ n: journal.entries.length, distinct_hashes: journal.entries.length });
      // The demo seed ran once too: its companies are not doubled.
      const companies = await client.query<{ code: string; n: number }>("SELECT code, count(*)::int AS n FROM companies WHERE code IN ('DEMSRL', 'AUTRES') GROUP BY code ORDER BY code");
      expect(companies.rows).toEqual([
        { code: 'AUTRES', n: 1 },
        { code: 'DEMSRL', n: 1 },
      ]);
    } finally {
      await client.end();
    }
    // Each answers, from the built output (no TypeScript loader in the process).
    for (const server of [a, b]) {
      expect((await fetch(`${server.url}/api/v2/health/ready`)).status).toBe(200);
      expect(server.child.spawnargs.join(' ')).toContain('apps/api/dist/server.js');
      expect(server.child.spawnargs.join(' ')).not.toContain('tsx');
    }
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  });
});
