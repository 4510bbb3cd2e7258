import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSurveyFixture, newUuid } from '../../modules/collection/participations/participations.test-support';
import type { TestApp } from '../../test/test-app';
import { openDatabase } from '../client';
import { embeddedDatabaseUrl, ensureApiBuilt, freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process.test-support';

// A full disk under the embedded PostgreSQL server (issue 18): the data folder on a tmpfs
// of its own, filled to the last byte while participations arrive. The API must answer
// 507 or 503 (never 500), keep every participation it answered 201, and take submissions
// again once space returns, on an intact database. Mounting needs root.

const root = process.getuid?.() === 0;
const running: ServerProcess[] = [];
let dataDir: string | undefined;
let mounted = false;

afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  if (mounted && dataDir) spawnSync('umount', ['-l', dataDir]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!root)(root ? 'the embedded server on a full disk' : 'the embedded server on a full disk — SKIPPED: cannot mount a tmpfs (not root)', () => {
  it('answers 507/503 while the disk is full, loses nothing answered, and recovers when space returns', { timeout: 1_200_000 }, async () => {
    ensureApiBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), 'pg-disk-full-'));
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=400m,mode=0755', 'tmpfs', dataDir], { encoding: 'utf8' });
    if (mount.status !== 0) throw new Error(`cannot mount a tmpfs: ${mount.stderr}`);
    mounted = true;
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    const server = startServerProcess(dataDir, await freePort(), {}, { built: true });
    running.push(server);
    await waitForHealth(server);

    const db = await openDatabase({ databaseUrl: embeddedDatabaseUrl(dataDir), statementTimeoutMs: 30_000, poolSize: 1 });
    const [company] = await db.rows<{ id: number }>(sql`SELECT id FROM companies ORDER BY id LIMIT 1`);
    const survey = await createSurveyFixture({ db } as unknown as TestApp, { companyId: company.id, questions: [{ key: 'comment', type: 'short_text', required: true }] });
    await db.close();

    const acknowledged = new Set<string>();
    const statuses: Record<string, number> = {};
    const submit = async (i: number) => {
      const key = newUuid();
      let status: string;
      try {
        const res = await fetch(`${server.url}/api/v2/participations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // A short text (the question's limit); the disk fills with WAL and rows.
          body: JSON.stringify({ survey_code: survey.code, client_uuid: key, answers: [{ question_id: survey.q.comment, value: `${i} ${'x'.repeat(200)}` }] }),
          signal: AbortSignal.timeout(120_000),
        });
        status = String(res.status);
        if (res.status === 201) acknowledged.add(key);
        if (res.status >= 500) expect(res.headers.get('content-type')).toContain('application/json');
      } catch (error) {
        status = (error as Error).name;
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
      return status;
    };

    for (let i = 0; i < 20; i++) expect(await submit(i)).toBe('201');
    const filler = path.join(dataDir, 'filler');
    spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M', 'count=1000'], { encoding: 'utf8' });
    const during: string[] = [];
    for (let i = 0; i < 100; i++) during.push(await submit(1000 + i));
    console.log('while the disk was full:', JSON.stringify(statuses));
    // The disk was full for these: refused with 507 (PostgreSQL could not extend a file) or
    // 503 (its server restarting after failing to write its WAL), never a 500.
    expect(during.filter((s) => s !== '201' && s !== '507' && s !== '503')).toEqual([]);
    expect(during.some((s) => s === '507' || s === '503')).toBe(true);

    rmSync(filler);
    // Space is back: submissions succeed again (retried as the client's outbox does).
    let back = false;
    for (let i = 0; i < 600 && !back; i++) {
      back = (await submit(5000 + i)) === '201';
      if (!back) await new Promise((r) => setTimeout(r, 500));
    }
    console.log('after space returned:', JSON.stringify(statuses));
    expect(back).toBe(true);
    expect(statuses['500']).toBeUndefined();

    // Nothing answered 201 is missing, and the tables read whole (no corrupted page).
    const check = await openDatabase({ databaseUrl: embeddedDatabaseUrl(dataDir), statementTimeoutMs: 60_000, poolSize: 1 });
    try {
      const rows = await check.rows<{ client_uuid: string }>(sql`SELECT client_uuid FROM participations WHERE survey_id = ${survey.id}`);
      const stored = new Set(rows.map((r) => r.client_uuid));
      expect([...acknowledged].filter((k) => !stored.has(k))).toEqual([]);
      await check.rows(sql`SELECT count(*) FROM answers`);
      await check.rows(sql`SELECT count(*) FROM participations`);
    } finally {
      await check.close();
    }

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
