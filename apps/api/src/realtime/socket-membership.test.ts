import { agentRoom, userRoom } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents, companies } from '../db/schema';
import { addMembership } from '../modules/tenancy/agents/agents.repository';
import { call, createOwner, createTestUser, type Session, signIn } from '../modules/tenancy/companies/tenancy.test-support';
import { openSocketTestApp, type SocketTestApp } from '../test/socket-app';
import { dropLapsedRooms } from './socket-session-sweep';
import { authenticate, eventNames } from './socket-test-support';

// Memberships ended through the API (API.md "Socket"): the sockets of a suspended or
// removed agent, or of a suspended or deleted company's agents, leave its room at once,
// and a suspended or removed user's sockets are dropped at once, not at the minute sweep.
type Owner = Awaited<ReturnType<typeof createOwner>>;
let t: SocketTestApp;
let alpha: Owner;
let beta: Owner;
let admin: Session;

beforeAll(async () => {
  t = await openSocketTestApp();
  alpha = await createOwner(t, 'Alpha SARL');
  beta = await createOwner(t, 'Beta SA');
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
});

afterEach(() => t.closeClients());

afterAll(() => t?.close());

/** A signed-in socket of the user. */
async function socketOf(user: { id: number; email: string }) {
  const client = t.client();
  const answer = await authenticate(client, (await signIn(t, user)).token);
  expect(answer.ok).toBe(true);
  return { client, answer };
}

/**
 * A user who is an agent of two companies (Alpha and Beta unless told), with a signed-in
 * socket in both agent rooms (`alphaAgentId` is the first company's agent).
 */
async function memberOfBoth(first: Owner = alpha, second: Owner = beta) {
  const user = await createTestUser(t, { first_name: 'Membre' });
  const [inAlpha, inBeta] = [
    await t.db.transaction((tx) => addMembership(tx, { companyId: first.company.id, userId: user.id })),
    await t.db.transaction((tx) => addMembership(tx, { companyId: second.company.id, userId: user.id })),
  ];
  const { client, answer } = await socketOf(user);
  expect(answer.payload.rooms).toEqual(expect.arrayContaining([agentRoom(inAlpha.id), agentRoom(inBeta.id)]));
  return { user, alphaAgentId: inAlpha.id, betaAgentId: inBeta.id, client };
}

/** The events of both agent rooms that reach the socket, read up to a marker sent after them. */
async function agentEventsReceived(member: Awaited<ReturnType<typeof memberOfBoth>>) {
  const from = member.client.events.length;
  t.app.events.publish('report.created', agentRoom(member.alphaAgentId), { monitor_id: 1 });
  t.app.events.publish('report.created', agentRoom(member.betaAgentId), { monitor_id: 2 });
  t.app.events.publish('notification.created', userRoom(member.user.id), { id: 3 });
  await member.client.next('notification.created', from);
  return member.client.events.slice(from).filter((e) => e.name === 'report.created').map((e) => e.payload.room);
}

async function socketsIn(room: string) {
  return (await t.app.io.in(room).fetchSockets()).length;
}

describe('an agent suspended or removed through the API', () => {
  it('loses its room at once when suspended; its other company and user room stay', async () => {
    const member = await memberOfBoth();
    expect(await agentEventsReceived(member)).toEqual([agentRoom(member.alphaAgentId), agentRoom(member.betaAgentId)]);

    const res = await call(t, 'POST', `agents/${member.alphaAgentId}/suspend`, alpha.session);
    expect(res.status).toBe(200);

    expect(await agentEventsReceived(member)).toEqual([agentRoom(member.betaAgentId)]);
    expect(await socketsIn(agentRoom(member.alphaAgentId))).toBe(0);
    expect(await socketsIn(agentRoom(member.betaAgentId))).toBe(1);
    // Nor can it come back by asking.
    const from = member.client.events.length;
    member.client.socket.emit('join:room', { rooms: [agentRoom(member.alphaAgentId)] });
    expect((await member.client.next('join:room:error', from)).rooms).toEqual([agentRoom(member.alphaAgentId)]);
  });

  it('loses its room at once when removed from the company', async () => {
    const member = await memberOfBoth();
    const res = await call(t, 'DELETE', `agents/${member.alphaAgentId}`, alpha.session);
    expect(res.status).toBe(200);
    expect(await agentEventsReceived(member)).toEqual([agentRoom(member.betaAgentId)]);
    expect(await socketsIn(agentRoom(member.alphaAgentId))).toBe(0);
  });

  it('leaves the other members their rooms, and lets the agent join again once reactivated', async () => {
    const member = await memberOfBoth();
    const colleague = await memberOfBoth();
    expect((await call(t, 'POST', `agents/${member.betaAgentId}/suspend`, beta.session)).status).toBe(200);
    expect(await agentEventsReceived(colleague)).toEqual([agentRoom(colleague.alphaAgentId), agentRoom(colleague.betaAgentId)]);
    expect((await call(t, 'POST', `agents/${member.betaAgentId}/activate`, beta.session)).status).toBe(200);
    // Reactivation grants the room again; the socket joins it by asking (or at its next auth).
    const from = member.client.events.length;
    member.client.socket.emit('join:room', { rooms: [agentRoom(member.betaAgentId)] });
    expect(await member.client.next('join:room:success', from)).toEqual({ rooms: [agentRoom(member.betaAgentId)] });
  });
});

describe('a company suspended or deleted by a platform admin', () => {
  it('takes its agents out of its rooms at once, leaves them their other company, and lets them back once reactivated', async () => {
    const delta = await createOwner(t, 'Delta SARL');
    const member = await memberOfBoth(delta, beta);
    const owner = t.client();
    expect((await authenticate(owner, delta.session.token)).payload.rooms).toContain(agentRoom(delta.company.agent_id));

    expect((await call(t, 'POST', `companies/${delta.company.id}/suspend`, admin)).status).toBe(200);

    expect(await agentEventsReceived(member)).toEqual([agentRoom(member.betaAgentId)]);
    expect(await socketsIn(agentRoom(member.alphaAgentId))).toBe(0);
    expect(await socketsIn(agentRoom(delta.company.agent_id))).toBe(0);
    expect(await socketsIn(agentRoom(member.betaAgentId))).toBe(1);
    expect(eventNames(member.client)).not.toContain('disconnect');
    // Nor can they come back by asking, or by signing in again as that agent.
    let from = member.client.events.length;
    member.client.socket.emit('join:room', { rooms: [agentRoom(member.alphaAgentId)] });
    expect((await member.client.next('join:room:error', from)).rooms).toEqual([agentRoom(member.alphaAgentId)]);
    const again = t.client();
    expect((await authenticate(again, delta.session.token, delta.company.agent_id)).payload.status).toBe(403);

    expect((await call(t, 'POST', `companies/${delta.company.id}/activate`, admin)).status).toBe(200);
    from = member.client.events.length;
    member.client.socket.emit('join:room', { rooms: [agentRoom(member.alphaAgentId)] });
    expect(await member.client.next('join:room:success', from)).toEqual({ rooms: [agentRoom(member.alphaAgentId)] });
  });

  it('takes its agents out of its rooms at once when it is deleted', async () => {
    const epsilon = await createOwner(t, 'Epsilon SA');
    const member = await memberOfBoth(epsilon, beta);
    expect((await call(t, 'DELETE', `companies/${epsilon.company.id}`, admin)).status).toBe(200);
    expect(await agentEventsReceived(member)).toEqual([agentRoom(member.betaAgentId)]);
    expect(await socketsIn(agentRoom(member.alphaAgentId))).toBe(0);
  });
});

describe('a user suspended or removed by a platform admin', () => {
  it('has every socket refused (499) and dropped at once, even one that left its own user room', async () => {
    const member = await memberOfBoth();
    const second = (await socketOf(member.user)).client;
    let from = second.events.length;
    second.socket.emit('leave:room', { rooms: [userRoom(member.user.id)] });
    await second.next('leave:room:success', from);
    const bystander = await memberOfBoth();
    const [fromFirst, fromSecond] = [member.client.events.length, second.events.length];

    expect((await call(t, 'POST', `users/${member.user.id}/suspend`, admin)).status).toBe(200);

    for (const [client, since] of [
      [member.client, fromFirst],
      [second, fromSecond],
    ] as const) {
      expect(await client.next('auth:error', since)).toEqual({ status: 499, message: expect.any(String) });
      await client.next('disconnect', since);
    }
    expect(await socketsIn(agentRoom(member.alphaAgentId))).toBe(0);
    expect(await socketsIn(userRoom(member.user.id))).toBe(0);
    // Another member of the same companies keeps listening.
    from = bystander.client.events.length;
    expect(await agentEventsReceived(bystander)).toEqual([agentRoom(bystander.alphaAgentId), agentRoom(bystander.betaAgentId)]);
    expect(eventNames(bystander.client, from)).not.toContain('auth:error');
  });

  it('has every socket refused (499) at once when the account is removed', async () => {
    const member = await memberOfBoth();
    const from = member.client.events.length;
    expect((await call(t, 'DELETE', `users/${member.user.id}`, admin)).status).toBe(200);
    expect((await member.client.next('auth:error', from)).status).toBe(499);
    expect(await socketsIn(agentRoom(member.betaAgentId))).toBe(0);
  });
});

describe('the periodic sweep', () => {
  it('takes a socket out of a room lost without the API (a join racing the change, a lost Redis message)', async () => {
    const member = await memberOfBoth();
    await t.db.orm.update(agents).set({ status: 'suspended' }).where(eq(agents.id, member.alphaAgentId));
    expect(await socketsIn(agentRoom(member.alphaAgentId))).toBe(1);
    expect(await dropLapsedRooms(t.app.io, t.db, 'enquetes')).toBeGreaterThanOrEqual(1);
    expect(await agentEventsReceived(member)).toEqual([agentRoom(member.betaAgentId)]);
    expect(eventNames(member.client)).not.toContain('disconnect');
  });

  it('takes a socket out of the rooms of a company suspended without the API', async () => {
    const zeta = await createOwner(t, 'Zeta SARL');
    const member = await memberOfBoth(zeta, beta);
    await t.db.orm.update(companies).set({ status: 'suspended' }).where(eq(companies.id, zeta.company.id));
    expect(await socketsIn(agentRoom(member.alphaAgentId))).toBe(1);
    expect(await dropLapsedRooms(t.app.io, t.db, 'enquetes')).toBeGreaterThanOrEqual(1);
    expect(await agentEventsReceived(member)).toEqual([agentRoom(member.betaAgentId)]);
  });
});
