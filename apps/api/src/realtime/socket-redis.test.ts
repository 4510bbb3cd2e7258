import { randomBytes } from 'node:crypto';
import { agentRoom, userRoom } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { addMembership } from '../modules/tenancy/agents/agents.repository';
import { call, createOwner, createTestUser, signIn } from '../modules/tenancy/companies/tenancy.test-support';
import { openTestApp, type TestApp } from '../test/test-app';
import { authenticate, createSignedInUser, eventNames, listenOnLoopback, openClient, type RecordedClient } from './socket-test-support';

// `.ci/run` sets REDIS_URL; without a Redis server this suite has nothing to talk to.
// The environment's Redis, read through config.ts like the server does.
const redisUrl = loadConfig().REDIS_URL;
const title = redisUrl
  ? 'socket events across two API processes through Redis'
  : 'socket events across two API processes through Redis — SKIPPED: REDIS_URL is not set (e.g. REDIS_URL=redis://127.0.0.1:6379)';

describe.skipIf(!redisUrl)(title, () => {
  // Its own channel prefix, so parallel runs sharing the Redis server cannot hear each other.
  const env = { REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:` };
  let first: TestApp;
  let second: FastifyInstance;
  let firstUrl: string;
  let secondUrl: string;
  const clients: RecordedClient[] = [];

  beforeAll(async () => {
    first = await openTestApp(env);
    // A second process of the same deployment: same database and Redis, its own port.
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMIT_MAX: '100000', ...env });
    second = await buildApp({ config, db: first.db, serveWeb: false });
    firstUrl = await listenOnLoopback(first.app);
    secondUrl = await listenOnLoopback(second);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await second?.close();
    await first?.close();
  });

  async function signedIn(url: string) {
    const user = await createSignedInUser(first.db);
    const c = openClient(url);
    clients.push(c);
    expect((await authenticate(c, user.token)).ok).toBe(true);
    return { user, client: c };
  }

  it('delivers an event published on one process to a socket connected to the other, once', async () => {
    const alice = await signedIn(secondUrl);
    const bob = await signedIn(firstUrl);
    const [fromAlice, fromBob] = [alice.client.events.length, bob.client.events.length];

    first.app.events.publish('invitation.sent', userRoom(alice.user.userId), { id: 41, company_name: 'Acme' });
    first.app.events.publish('notification.created', userRoom(alice.user.userId), { id: 42 });
    second.events.publish('notification.created', userRoom(bob.user.userId), { id: 43 });

    expect(await alice.client.next('invitation.sent', fromAlice)).toEqual({
      room: userRoom(alice.user.userId),
      data: { id: 41, company_name: 'Acme' },
    });
    expect(await alice.client.next('notification.created', fromAlice)).toEqual({ room: userRoom(alice.user.userId), data: { id: 42 } });
    expect(await bob.client.next('notification.created', fromBob)).toEqual({ room: userRoom(bob.user.userId), data: { id: 43 } });

    // A marker on each side: anything duplicated or misrouted would have arrived before it.
    first.app.events.publish('broadcast.created', 'enquetes', { id: 44 });
    await alice.client.next('broadcast.created', fromAlice);
    await bob.client.next('broadcast.created', fromBob);
    expect(eventNames(alice.client, fromAlice)).toEqual(['invitation.sent', 'notification.created', 'broadcast.created']);
    expect(eventNames(bob.client, fromBob)).toEqual(['notification.created', 'broadcast.created']);
  });

  it('takes the sockets of an agent suspended on one process out of its room on the other', async () => {
    const owner = await createOwner(first, 'Gamma SARL');
    const user = await createTestUser(first);
    const agent = await first.db.transaction((tx) => addMembership(tx, { companyId: owner.company.id, userId: user.id }));
    const member = openClient(secondUrl);
    clients.push(member);
    expect((await authenticate(member, (await signIn(first, user)).token)).payload.rooms).toContain(agentRoom(agent.id));
    expect(await first.app.io.in(agentRoom(agent.id)).fetchSockets()).toHaveLength(1);

    // The request is served by the first process; the socket lives on the second.
    expect((await call(first, 'POST', `agents/${agent.id}/suspend`, owner.session)).status).toBe(200);
    await vi.waitFor(async () => expect(await first.app.io.in(agentRoom(agent.id)).fetchSockets()).toHaveLength(0));
    const from = member.events.length;
    first.app.events.publish('report.created', agentRoom(agent.id), { monitor_id: 1 });
    first.app.events.publish('notification.created', userRoom(user.id), { id: 2 });
    await member.next('notification.created', from);
    expect(eventNames(member, from)).toEqual(['notification.created']);
  });

  /** A member of a new company, whose socket lives on the second process. */
  async function memberOnSecond(companyName: string) {
    const owner = await createOwner(first, companyName);
    const user = await createTestUser(first);
    const agent = await first.db.transaction((tx) => addMembership(tx, { companyId: owner.company.id, userId: user.id }));
    const member = openClient(secondUrl);
    clients.push(member);
    expect((await authenticate(member, (await signIn(first, user)).token)).payload.rooms).toContain(agentRoom(agent.id));
    return { owner, user, agent, member };
  }

  it('drops the sockets of a user suspended on one process from the other at once (499)', async () => {
    const admin = await signIn(first, await createTestUser(first, { type: 'admin' }));
    const { user, agent, member } = await memberOnSecond('Delta SARL');
    const from = member.events.length;
    // The request is served by the first process; the socket lives on the second.
    expect((await call(first, 'POST', `users/${user.id}/suspend`, admin)).status).toBe(200);
    expect(await member.next('auth:error', from)).toEqual({ status: 499, message: expect.any(String) });
    expect(await first.app.io.in(agentRoom(agent.id)).fetchSockets()).toHaveLength(0);
    await member.next('disconnect', from);
  });

  it('takes the agents of a company suspended on one process out of its rooms on the other', async () => {
    const admin = await signIn(first, await createTestUser(first, { type: 'admin' }));
    const { owner, user, agent, member } = await memberOnSecond('Epsilon SA');
    expect((await call(first, 'POST', `companies/${owner.company.id}/suspend`, admin)).status).toBe(200);
    await vi.waitFor(async () => expect(await first.app.io.in(agentRoom(agent.id)).fetchSockets()).toHaveLength(0));
    const from = member.events.length;
    first.app.events.publish('report.created', agentRoom(agent.id), { monitor_id: 1 });
    first.app.events.publish('notification.created', userRoom(user.id), { id: 2 });
    await member.next('notification.created', from);
    expect(eventNames(member, from)).toEqual(['notification.created']);
  });

  it('drops the socket of a session logged out on one process from the other at once, and keeps the other device’s (499)', async () => {
    const user = await createTestUser(first);
    const [phone, laptop] = [await signIn(first, user), await signIn(first, user)];
    const onPhone = openClient(secondUrl);
    const onLaptop = openClient(secondUrl);
    clients.push(onPhone, onLaptop);
    expect((await authenticate(onPhone, phone.token)).ok).toBe(true);
    expect((await authenticate(onLaptop, laptop.token)).ok).toBe(true);
    const [fromPhone, fromLaptop] = [onPhone.events.length, onLaptop.events.length];

    // The logout is served by the first process; both sockets live on the second.
    expect((await call(first, 'GET', 'auth/logout', phone)).status).toBe(200);
    expect(await onPhone.next('auth:error', fromPhone)).toEqual({ status: 499, message: expect.any(String) });
    await onPhone.next('disconnect', fromPhone);
    first.app.events.publish('notification.created', userRoom(user.id), { id: 3 });
    expect(await onLaptop.next('notification.created', fromLaptop)).toEqual({ room: userRoom(user.id), data: { id: 3 } });
    expect(eventNames(onLaptop, fromLaptop)).toEqual(['notification.created']);
  });
});
