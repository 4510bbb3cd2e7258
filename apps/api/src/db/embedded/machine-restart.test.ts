import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSurveyFixture, newUuid } from '../../modules/collection/participations/participations.test-support';
import type { TestApp } from '../../test/test-app';
import { openDatabase } from '../client';
import { processAlive, processCommandLine, waitForExit } from './processes';
import { embeddedDatabaseUrl, ensureApiBuilt, freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process.test-support';

// A machine restart under the default installation (issue 18): every process gone at once
// (the API and its PostgreSQL server killed with SIGKILL, no shutdown written), and after
// the boot their pids taken by other programs, so `postmaster.pid` and `server.pid` name
// live processes that are not ours. The next start must clean both, replay the WAL, keep
// every participation answered 201, and run exactly one server on the folder.

const dataDir = mkdtempSync(path.join(tmpdir(), 'restart-data-'));
const clusterDir = path.join(dataDir, 'postgres');
const running: ServerProcess[] = [];
const strangers: number[] = [];

afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  for (const pid of strangers) if (processAlive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Postmasters running on this cluster (their command line names it after -D). */
function postmastersOnCluster(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      const args = processCommandLine(pid);
      return args !== undefined && args[args.indexOf('-D') + 1] === clusterDir;
    });
}

/** A program of another kind, alive, whose pid stands for one the reboot gave away. */
function stranger(): number {
  const child = spawn('sleep', ['600'], { stdio: 'ignore', detached: true });
  child.unref();
  strangers.push(child.pid as number);
  return child.pid as number;
}

describe('the embedded server through a machine restart', () => {
  it('cleans the stale postmaster.pid and server.pid of a killed machine, keeps every participation, one server', { timeout: 1_200_000 }, async () => {
    ensureApiBuilt();
    const port = await freePort();
    const first = startServerProcess(dataDir, port, {}, { built: true });
    running.push(first);
    await waitForHealth(first);

    const db = await openDatabase({ databaseUrl: embeddedDatabaseUrl(dataDir), statementTimeoutMs: 30_000, poolSize: 2 });
    let surveyId: number;
    const keys: string[] = [];
    try {
      const [company] = await db.rows<{ id: number }>(sql`SELECT id FROM companies ORDER BY id LIMIT 1`);
      const survey = await createSurveyFixture({ db } as unknown as TestApp, { companyId: company.id, questions: [{ key: 'comment', type: 'short_text', required: true }] });
      surveyId = survey.id;
      for (let i = 0; i < 20; i++) {
        const key = newUuid();
        const res = await fetch(`${first.url}/api/v2/participations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ survey_code: survey.code, client_uuid: key, answers: [{ question_id: survey.q.comment, value: `Avant la coupure ${i}` }] }),
        });
        expect(res.status).toBe(201);
        keys.push(key);
      }
    } finally {
      await db.close();
    }

    // The power goes: the API and its PostgreSQL server die at once, nothing written.
    const postmaster = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    first.child.kill('SIGKILL');
    process.kill(postmaster, 'SIGKILL');
    await first.exited;
    expect(await waitForExit(postmaster, 60_000)).toBe(true);
    // Its backends leave once their postmaster is gone (as a reboot ends them all).
    for (let i = 0; i < 600 && postmastersOnCluster().length > 0; i++) await new Promise((r) => setTimeout(r, 100));

    // After the boot, both pids belong to other programs.
    const lock = path.join(clusterDir, 'postmaster.pid');
    const lines = readFileSync(lock, 'utf8').split('\n');
    lines[0] = String(stranger());
    writeFileSync(lock, lines.join('\n'));
    const serverPid = path.join(dataDir, 'server.pid');
    const holder = JSON.parse(readFileSync(serverPid, 'utf8'));
    writeFileSync(serverPid, JSON.stringify({ ...holder, pid: stranger() }));

    const second = startServerProcess(dataDir, port, {}, { built: true });
    running.push(second);
    await waitForHealth(second);
    expect(second.output()).toContain('postmaster.pid laissé par un serveur arrêté brutalement');
    expect(postmastersOnCluster()).toHaveLength(1);

    const check = await openDatabase({ databaseUrl: embeddedDatabaseUrl(dataDir), statementTimeoutMs: 30_000, poolSize: 1 });
    try {
      const rows = await check.rows<{ client_uuid: string }>(sql`SELECT client_uuid FROM participations WHERE survey_id = ${surveyId}`);
      expect(rows.map((r) => r.client_uuid).sort()).toEqual([...keys].sort());
    } finally {
      await check.close();
    }

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(existsSync(lock)).toBe(false);
    expect(postmastersOnCluster()).toEqual([]);
  });
});
