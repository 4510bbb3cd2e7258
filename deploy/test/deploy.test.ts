// Three API processes behind HAProxy (deploy/haproxy.cfg) on the machine's PostgreSQL (a
// database of its own) and Redis: a chat message crosses processes to a polling socket
// and a WebSocket, a process killed with SIGKILL during 200 submissions loses none and
// stores none twice, the proxy alone sets the client address, and everything stops cleanly.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, users } from '../../apps/api/src/db/schema';
import { hashPassword } from '../../apps/api/src/modules/identity/auth/password';
import { type Deployment, startDeployment } from './deployment';
import { HAPROXY_BIN, haproxyCommand, serverSessions, sleep } from './processes';
import { createDatabase, MACHINE_POSTGRES, MACHINE_REDIS, postgresAnswers } from './servers';
import { type ChatListener, createFixtures, type Fixtures, listen, readList, sendMessage, storedFor, submitMany, submitUntilStored, Tally } from './traffic';

const haproxy = existsSync(HAPROXY_BIN);
const postgres = await postgresAnswers(MACHINE_POSTGRES);
const missing = [!haproxy && `HAProxy (${HAPROXY_BIN}: apt-get install haproxy)`, !postgres && `PostgreSQL at ${MACHINE_POSTGRES}`].filter(Boolean);
const title = missing.length ? `deployment behind HAProxy — SKIPPED: no ${missing.join(', no ')}` : 'three API processes behind HAProxy';

describe.skipIf(missing.length > 0)(title, () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let deployment: Deployment;
  let fixtures: Fixtures;
  const listeners: ChatListener[] = [];

  beforeAll(async () => {
    database = await createDatabase(MACHINE_POSTGRES);
    deployment = await startDeployment({ databaseUrl: database.url, redisUrl: MACHINE_REDIS });
    fixtures = await createFixtures(deployment.url, database.url);
  });

  afterAll(async () => {
    for (const l of listeners) l.close();
    await fixtures?.db.close();
    await deployment?.stop();
    await database?.drop();
  });

  it('spreads requests over the three processes and passes health checks on the readiness path', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 9; i++) {
      const res = await fetch(`${deployment.url}${deployment.healthPath}`);
      expect(res.status).toBe(200);
      served.add(res.headers.get('x-served-by') ?? '');
    }
    expect([...served].sort()).toEqual(['api1', 'api2', 'api3']);
  });

  it('tells clients to drop an idle connection before the proxy closes it (Keep-Alive below HAProxy’s timeout)', async () => {
    const res = await fetch(`${deployment.url}${deployment.healthPath}`);
    const told = Number(/timeout=(\d+)/.exec(res.headers.get('keep-alive') ?? '')?.[1]);
    const config = readFileSync(path.join(import.meta.dirname, '../haproxy.cfg'), 'utf8');
    const kept = Number(/^\s*timeout http-keep-alive (\d+)s$/m.exec(config)?.[1]);
    // The API's own 72 s would otherwise pass through, and a client would reuse connections
    // the proxy closed after 15 s idle ("other side closed" on a POST).
    expect(told).toBeGreaterThan(0);
    expect(told).toBeLessThan(kept);
  });

  it('takes the client address from the proxy only: a forged X-Forwarded-For is overwritten', async () => {
    const email = `xff-${Date.now()}@exemple.cm`;
    const hash = await hashPassword('Motdepasse2026!');
    const [user] = await fixtures.db.orm
      .insert(users)
      .values({ username: email, email, first_name: 'Xavier', last_name: 'Relais', type: 'agent', password_hash: hash, email_verified_at: new Date() })
      .returning({ id: users.id });
    const res = await fetch(`${deployment.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ login: email, password: 'Motdepasse2026!', device: { ref: 'relais-1' } }),
    });
    expect(res.status).toBe(200);
    const [device] = await fixtures.db.orm.select({ ip: devices.ip }).from(devices).where(eq(devices.user_id, user.id));
    // The proxy replaced the header with the address it saw (this machine), and the API,
    // trusting only the proxy's hop (TRUST_PROXY=127.0.0.1), recorded that.
    expect(device.ip).toBe('127.0.0.1');
  });

  it('delivers a chat message sent through one process to a polling socket and a WebSocket held by others', async () => {
    const polling = await listen(deployment.url, fixtures.member, ['polling']);
    const websocket = await listen(deployment.url, fixtures.member, ['websocket']);
    listeners.push(polling, websocket);
    const pollingServer = polling.server();
    expect(pollingServer).toMatch(/^api[123]$/);
    // Round-robin sends each message through the next process: until one sent through a
    // process other than the polling socket's has reached both sockets (the join to the
    // room crosses Redis first). Bounded by a count, not a time.
    const tally = new Tally();
    let crossed = '';
    for (let i = 0; i < 60 && !crossed; i++) {
      const body = `Bonjour ${i}`;
      const res = await sendMessage(deployment.url, fixtures, body, tally);
      expect(res?.status).toBe(201);
      const sender = res?.headers.get('x-served-by') ?? '';
      for (let wait = 0; wait < 40 && !(polling.received.includes(body) && websocket.received.includes(body)); wait++) await sleep(50);
      if (sender !== pollingServer && polling.received.includes(body) && websocket.received.includes(body)) crossed = sender;
    }
    expect(crossed).toMatch(/^api[123]$/);
    expect(crossed).not.toBe(pollingServer);
    // The polling socket stayed on its process the whole time (sticky cookie): no reconnect.
    expect(polling.server()).toBe(pollingServer);
    expect(polling.socket.connected).toBe(true);
  });

  it('loses no participation and stores none twice when a process is killed with SIGKILL during 200 submissions', async () => {
    const tally = new Tally();
    const victim = deployment.apis[1];
    let killed = false;
    const { keys, delivered } = await submitMany(deployment.url, fixtures.survey, 200, 8, tally, (done) => {
      if (!killed && done >= 50) {
        killed = true;
        victim.kill('SIGKILL');
      }
    });
    expect(killed).toBe(true);
    expect((await victim.exited).signal).toBe('SIGKILL');
    expect(delivered).toBe(200);
    const stored = await storedFor(fixtures.db, fixtures.survey, keys);
    expect(stored).toEqual({ stored: 200, lost: 0, duplicated: 0, answers: 200 * 20, participants: 200 });
    console.log(`SIGKILL during 200 submissions: ${tally.failed} attempts failed (${JSON.stringify(Object.fromEntries(tally.statuses))}), retried with the same keys; 0 lost, 0 duplicated`);

    // Started again, the process takes its share once its health check passes.
    await deployment.restart(1);
    const served = new Set<string>();
    for (let i = 0; i < 60 && !served.has('api2'); i++) {
      const res = await fetch(`${deployment.url}${deployment.healthPath}`);
      served.add(res.headers.get('x-served-by') ?? '');
      await sleep(250);
    }
    expect(served.has('api2')).toBe(true);
  });

  it('restarts the three processes one by one under load with no failed request (rolling restart, docs/DEPLOY.md)', async () => {
    const submissions = new Tally();
    const lists = new Tally();
    const keys: string[] = [];
    let running = true;
    let n = 0;
    const clients = [
      ...Array.from({ length: 4 }, async () => {
        while (running) {
          const key = `rolling-${randomUUID()}`;
          keys.push(key);
          // One attempt only: a request failed here is a request lost by the upgrade.
          await submitUntilStored(deployment.url, fixtures.survey, key, n++, submissions, 1);
        }
      }),
      (async () => {
        while (running) {
          await readList(deployment.url, fixtures, lists);
          await sleep(50);
        }
      })(),
    ];
    for (let i = 0; i < deployment.apis.length; i++) {
      const name = `api${i + 1}`;
      // What deploy/rolling-restart.sh does: drain (no new request), wait for the process's
      // requests to end, stop it (SIGTERM: it finishes what it holds), start it, wait until
      // ready, put it back.
      await haproxyCommand(deployment.adminSocket, `set server api/${name} state drain;set server socketio/${name} state drain`);
      for (let w = 0; w < 300 && (await serverSessions(deployment.adminSocket, 'api', name)) > 0; w++) await sleep(100);
      await deployment.apis[i].stop();
      expect(await deployment.apis[i].exited).toEqual({ code: 0, signal: null });
      await deployment.restart(i);
      await haproxyCommand(deployment.adminSocket, `set server api/${name} state ready;set server socketio/${name} state ready`);
    }
    // Traffic goes on a little after the last restart, then stops.
    const until = submissions.ok + 20;
    while (submissions.ok < until) await sleep(100);
    running = false;
    await Promise.all(clients);
    expect({ submissions: submissions.failed, lists: lists.failed }).toEqual({ submissions: 0, lists: 0 });
    expect(lists.ok).toBeGreaterThan(0);
    const stored = await storedFor(fixtures.db, fixtures.survey, keys);
    expect(stored).toMatchObject({ stored: keys.length, lost: 0, duplicated: 0 });
    console.log(`rolling restart of 3 processes: ${submissions.ok} submissions and ${lists.ok} list pages, 0 failed`);
  });

  it('stops cleanly: every process exits 0 on SIGTERM', async () => {
    for (const l of listeners.splice(0)) l.close();
    const apis = deployment.apis;
    await Promise.all(apis.map((a) => a.stop()));
    for (const a of apis) expect(await a.exited).toEqual({ code: 0, signal: null });
    await deployment.haproxy.stop();
    expect(deployment.haproxy.alive()).toBe(false);
  });
});
