import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSurveyFixture, newUuid } from '../../modules/collection/participations/participations.test-support';
import type { TestApp } from '../../test/test-app';
import { openDatabase } from '../client';
import { embeddedDatabaseUrl, freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process.test-support';

// What a laptop or a small server does to the default installation (issue 18): the API
// killed with SIGKILL in the middle of a stream of submissions, restarted on the same data
// folder (its orphaned PostgreSQL server taken over, not doubled), every submission sent
// five times in all. Not one is lost, not one is stored twice. A second API on the same
// folder is refused, and a SIGTERM stops the API, then its database server.

const SUBMISSIONS = 300;
const SENDS = 5;
const CONCURRENCY = 10;

const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-data-'));
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function start(port: number) {
  const server = startServerProcess(dataDir, port);
  running.push(server);
  return server;
}

/** Sends every submission once, `CONCURRENCY` at a time; `onAnswered` is told each answer. */
async function sendAll(url: string, bodies: unknown[], onAnswered: () => void = () => {}) {
  const statuses: Array<number | 'unreachable'> = [];
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      try {
        const res = await fetch(`${url}/api/v2/participations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
        onAnswered();
      } catch {
        statuses.push('unreachable'); // the API was killed under this request
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

describe('the embedded server through a SIGKILL of the API', () => {
  it(`keeps ${SUBMISSIONS} submissions sent ${SENDS} times each exactly once`, { timeout: 1_200_000 }, async () => {
    const port = await freePort();
    const first = start(port);
    await waitForHealth(first);

    // A survey of the demo company, written straight into the server's database.
    const db = await openDatabase({ databaseUrl: embeddedDatabaseUrl(dataDir), statementTimeoutMs: 30_000, poolSize: 2 });
    let surveyId: number;
    let bodies: Array<{ client_uuid: string }>;
    try {
      const [company] = await db.rows<{ id: number }>(sql`SELECT id FROM companies ORDER BY id LIMIT 1`);
      const survey = await createSurveyFixture({ db } as unknown as TestApp, {
        companyId: company.id,
        questions: [{ key: 'comment', type: 'short_text', required: true }],
      });
      surveyId = survey.id;
      bodies = Array.from({ length: SUBMISSIONS }, (_, i) => ({
        survey_code: survey.code,
        client_uuid: newUuid(),
        answers: [{ question_id: survey.q.comment, value: `Réponse ${i}` }],
        participant: { name: `Répondant ${i}` },
      }));
    } finally {
      await db.close();
    }

    // First send, killed midway: after half of them were answered.
    let answered = 0;
    const firstRound = await sendAll(first.url, bodies, () => {
      answered++;
      if (answered === SUBMISSIONS / 2) first.child.kill('SIGKILL');
    });
    await first.exited;
    expect(firstRound.filter((s) => s === 201).length).toBeGreaterThanOrEqual(SUBMISSIONS / 2);
    expect(firstRound).toContain('unreachable');

    // Restarted on the same folder: the server the killed API left running is taken over.
    const second = start(port);
    await waitForHealth(second);
    expect(second.output()).toContain('repris');

    // A second API on the same folder is refused, with the reason.
    const intruder = start(await freePort());
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain('est déjà utilisé par un autre serveur');

    for (let round = 2; round <= SENDS; round++) {
      const statuses = await sendAll(second.url, bodies);
      expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    }

    const check = await openDatabase({ databaseUrl: embeddedDatabaseUrl(dataDir), statementTimeoutMs: 30_000, poolSize: 1 });
    try {
      const [counts] = await check.rows<{ stored: number; keys: number; answers: number }>(sql`
        SELECT count(*)::int AS stored, count(DISTINCT client_uuid)::int AS keys,
               (SELECT count(*)::int FROM answers a JOIN participations p ON p.id = a.participation_id WHERE p.survey_id = ${surveyId}) AS answers
          FROM participations WHERE survey_id = ${surveyId}`);
      const uuids = new Set(
        (await check.rows<{ client_uuid: string }>(sql`SELECT client_uuid FROM participations WHERE survey_id = ${surveyId}`)).map((r) => r.client_uuid),
      );
      expect(counts).toEqual({ stored: SUBMISSIONS, keys: SUBMISSIONS, answers: SUBMISSIONS });
      expect(bodies.filter((b) => !uuids.has(b.client_uuid))).toEqual([]);
    } finally {
      await check.close();
    }

    // SIGTERM: the API drains, then stops its database server (postmaster.pid removed).
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
