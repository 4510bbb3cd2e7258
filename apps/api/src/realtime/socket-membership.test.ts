import { agentRoom, userRoom } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../db/schema';
import { addMembership } from '../modules/agents/agents.repository';
import { call, createOwner, createTestUser, signIn } from '../modules/companies/tenancy.test-support';
import { openTestApp, type TestApp } from '../test/test-app';
import { dropLapsedRooms } from './socket-session-sweep';
import { authenticate, eventNames, listenOnLoopback, openClient, type RecordedClient } from './socket-test-support';

// Memberships ended through the API (API.md "Socket"): the sockets of a suspended or
// removed agent leave its room at once, not at their next reconnect.
let t: TestApp;
let baseUrl: string;
let alpha: Awaited<ReturnType<typeof createOwner>>;
let beta: Awaited<ReturnType<typeof createOwner>>;
const clients: RecordedClient[] = [];

beforeAll(async () => {
  t = await openTestApp();
  baseUrl = await listenOnLoopback(t.app);
  alpha = await createOwner(t, 'Alpha SARL');
  beta = await createOwner(t, 'Beta SA');
});

afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

afterAll(async () => {
  await t?.close();
});

/** A user who is an agent of Alpha and of Beta, with a signed-in socket in both agent rooms. */
async function memberOfBoth() {
  const user = await createTestUser(t, { first_name: 'Membre' });
  const [inAlpha, inBeta] = [
    await t.db.transaction((tx) => addMembership(tx, { companyId: alpha.company.id, userId: user.id })),
    await t.db.transaction((tx) => addMembership(tx, { companyId: beta.company.id, userId: user.id })),
  ];
  const client = openClient(baseUrl);
  clients.push(client);
  const answer = await authenticate(client, (await signIn(t, user)).token);
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

describe('the periodic sweep', () => {
  it('takes a socket out of a room lost without the API (a join racing the change, a lost Redis message)', async () => {
    const member = await memberOfBoth();
    await t.db.orm.update(agents).set({ status: 'suspended' }).where(eq(agents.id, member.alphaAgentId));
    expect(await socketsIn(agentRoom(member.alphaAgentId))).toBe(1);
    expect(await dropLapsedRooms(t.app.io, t.db, 'enquetes')).toBeGreaterThanOrEqual(1);
    expect(await agentEventsReceived(member)).toEqual([agentRoom(member.betaAgentId)]);
    expect(eventNames(member.client)).not.toContain('disconnect');
  });
});
