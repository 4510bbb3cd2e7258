import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SOCKET_PATH } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client';
import { DEMO_PASSWORD } from './demo/demo';
import { embeddedDatabaseUrl, ensureApiBuilt, freePort, type ServerProcess, startServerProcess, waitForHealth } from './db/embedded/server-process.test-support';
import { parseCsv } from './modules/collection/exports/export-files.test-support';
import { createSurveyFixture, newUuid } from './modules/collection/participations/participations.test-support';
import type { TestApp } from './test/test-app';

// A SIGTERM to the built server (server.ts "shutdown") while an export streams, a burst of
// submissions is under way and a socket is connected: readiness turns 503 at once, the
// export is read to its last row after the port has closed, every submission in flight is
// answered and stored, the socket is told to reconnect (transport closed, not "go away"),
// the process exits 0 with its database stopped. Submissions refused once the port closed
// are sent again, with the same keys, to the restarted server, as the client of section 7
// does: none is lost, none is stored twice.

const EXPORTED = 20_000;
const SUBMISSIONS = 200;
const CONCURRENCY = 10;
/** Time the process keeps accepting after the signal (readiness already 503): the test's window to see the 503. */
const DELAY_MS = 3_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'shutdown-data-'));
const running: ServerProcess[] = [];
let port: number;

function start() {
  const server = startServerProcess(dataDir, port, { SHUTDOWN_DELAY_MS: String(DELAY_MS), SHUTDOWN_GRACE_MS: '300000' }, { built: true });
  running.push(server);
  return server;
}

beforeAll(async () => {
  ensureApiBuilt();
  port = await freePort();
});

afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** `count` submitted participations with a long text answer each, set-based: an export of several MB. */
async function generateParticipations(db: Database, surveyId: number, companyId: number, questionId: number, count: number) {
  await db.rows(sql`
    INSERT INTO participations (survey_id, company_id, status, client_uuid, submitted_at, score)
    SELECT ${surveyId}, ${companyId}, 'submitted', 'gen-' || ${surveyId} || '-' || g, now() - g * interval '1 minute', 0
    FROM generate_series(1, ${count}) g`);
  await db.rows(sql`
    INSERT INTO answers (participation_id, company_id, survey_id, question_id, value_text)
    SELECT p.id, p.company_id, p.survey_id, ${questionId}, 'Réponse ' || p.id || ' ' || repeat('détail ', 90)
    FROM participations p WHERE p.survey_id = ${surveyId}`);
}

interface Sent {
  status: number | 'unreachable';
  startedBeforeSignal: boolean;
  answeredAfterSignal: boolean;
}

describe('SIGTERM to the built server', () => {
  it('loses neither an export nor a submission, and tells sockets to reconnect', { timeout: 1_200_000 }, async () => {
    const server = start();
    await waitForHealth(server, 600_000, 'health/ready');

    const db = await openDatabase({ databaseUrl: embeddedDatabaseUrl(dataDir), statementTimeoutMs: 60_000, poolSize: 2 });
    let exportSurveyId: number;
    let submitSurveyId: number;
    let agentId: number;
    let bodies: Array<{ client_uuid: string }>;
    try {
      const [company] = await db.rows<{ id: number }>(sql`SELECT id FROM companies WHERE code = 'DEMSRL'`);
      const exported = await createSurveyFixture({ db } as unknown as TestApp, { companyId: company.id, questions: [{ key: 'comment', type: 'long_text', required: true }] });
      exportSurveyId = exported.id;
      await generateParticipations(db, exported.id, company.id, exported.q.comment, EXPORTED);
      const submitted = await createSurveyFixture({ db } as unknown as TestApp, { companyId: company.id, questions: [{ key: 'comment', type: 'short_text', required: true }] });
      submitSurveyId = submitted.id;
      bodies = Array.from({ length: SUBMISSIONS }, (_, i) => ({
        survey_code: submitted.code,
        client_uuid: newUuid(),
        answers: [{ question_id: submitted.q.comment, value: `Réponse ${i}` }],
        participant: { name: `Répondant ${i}` },
      }));
      const [agent] = await db.rows<{ id: number }>(
        sql`SELECT a.id FROM agents a JOIN users u ON u.id = a.user_id WHERE u.email = 'agent@demo.cm' AND a.company_id = ${company.id}`,
      );
      agentId = agent.id;
    } finally {
      await db.close();
    }

    const login = await fetch(`${server.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'agent@demo.cm', password: DEMO_PASSWORD, device: { ref: 'shutdown-test' } }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    // The socket, connected before the signal.
    const socket = connectSocket(server.url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('auth:success', () => resolve());
      socket.once('auth:error', (error) => reject(new Error(JSON.stringify(error))));
      socket.emit('auth', { token, agent: agentId });
    });
    const socketGone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    // The export: headers received, body left unread, so that the server is held mid-stream.
    const exportResponse = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`${server.url}/api/v2/surveys/${exportSurveyId}/exportparticipations?format=csv`, { headers: { authorization: `Bearer ${token}`, 'agent-id': String(agentId) } }, resolve)
        .on('error', reject);
    });
    expect(exportResponse.statusCode).toBe(200);
    exportResponse.pause();

    // The submissions; the signal once a few are stored, while the others are in flight.
    let signalled = false;
    let answered = 0;
    const sent: Sent[] = [];
    let next = 0;
    const worker = async () => {
      while (next < bodies.length) {
        const index = next++;
        const startedBeforeSignal = !signalled;
        let status: Sent['status'];
        try {
          const res = await fetch(`${server.url}/api/v2/participations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bodies[index]) });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          status = 'unreachable'; // the port had closed
        }
        sent[index] = { status, startedBeforeSignal, answeredAfterSignal: signalled };
        answered++;
        if (answered === 30) {
          signalled = true;
          server.child.kill('SIGTERM');
        }
      }
    };
    const submissions = Promise.all(Array.from({ length: CONCURRENCY }, worker));

    // Readiness is 503 at once, in the envelope, while the port still accepts (SHUTDOWN_DELAY_MS).
    // (The signal is handled on the server's next turn: readiness is polled until it changes.)
    while (!signalled) await new Promise((r) => setTimeout(r, 5));
    let ready = await fetch(`${server.url}/api/v2/health/ready`, { headers: { 'accept-language': 'fr' } });
    for (let i = 0; i < 1000 && ready.status === 200; i++) {
      await ready.arrayBuffer();
      ready = await fetch(`${server.url}/api/v2/health/ready`, { headers: { 'accept-language': 'fr' } });
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ success: false, code: 'shutting_down', message: 'Le service est temporairement indisponible ; réessayez plus tard.' });
    expect((await fetch(`${server.url}/api/v2/health/live`)).status).toBe(200);

    // Then the port closes (a cap of polls, not a timing assertion)...
    let closed = false;
    for (let i = 0; i < 6000 && !closed; i++) {
      try {
        await (await fetch(`${server.url}/api/v2/health/live`, { headers: { connection: 'close' } })).arrayBuffer();
        await new Promise((r) => setTimeout(r, 50));
      } catch {
        closed = true;
      }
    }
    expect(closed).toBe(true);
    // ...and the socket was told to reconnect: its transport closed, not an "io server disconnect".
    expect(await socketGone).toBe('transport close');
    socket.close();

    // The export, read only now, is whole.
    exportResponse.resume();
    const chunks: Buffer[] = [];
    for await (const chunk of exportResponse) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '');
    const rows = parseCsv(text).filter((r) => r.length > 1);
    expect(rows.length).toBe(EXPORTED + 1);
    expect(rows.filter((r) => r.some((cell) => /^Réponse \d+ détail/.test(cell))).length).toBe(EXPORTED);

    await submissions;
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    // Every submission answered was stored (201); those in flight at the signal too; none failed.
    expect(sent.filter((s) => s.status !== 201 && s.status !== 'unreachable')).toEqual([]);
    const inFlight = sent.filter((s) => s.startedBeforeSignal && s.answeredAfterSignal);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(inFlight.every((s) => s.status === 201)).toBe(true);

    // Restarted: the refused ones sent again with the same keys, as the client retries.
    const again = start();
    await waitForHealth(again, 600_000, 'health/ready');
    for (const [index, s] of sent.entries()) {
      if (s.status !== 'unreachable') continue;
      const res = await fetch(`${again.url}/api/v2/participations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bodies[index]) });
      expect([200, 201]).toContain(res.status);
    }
    const check = await openDatabase({ databaseUrl: embeddedDatabaseUrl(dataDir), statementTimeoutMs: 30_000, poolSize: 1 });
    try {
      const [counts] = await check.rows<{ stored: number; keys: number }>(
        sql`SELECT count(*)::int AS stored, count(DISTINCT client_uuid)::int AS keys FROM participations WHERE survey_id = ${submitSurveyId}`,
      );
      expect(counts).toEqual({ stored: SUBMISSIONS, keys: SUBMISSIONS });
    } finally {
      await check.close();
    }
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });
});
