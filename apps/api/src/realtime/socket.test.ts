import { agentRoom, chatroomRoom, statusMessage, userRoom } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents, sessions } from '../db/schema';
import { openSocketTestApp, type SocketTestApp } from '../test/socket-app';
import { openTestApp } from '../test/test-app';
import { dropRevokedSockets } from './socket-session-sweep';
import {
  authenticate,
  createAgent,
  createChatroom,
  createSignedInUser,
  eventNames,
  listenOnLoopback,
  type SignedInUser,
} from './socket-test-support';

let t: SocketTestApp;
let alice: SignedInUser;
let bob: SignedInUser;
let aliceAgent: { agentId: number; companyId: number };
let bobAgent: { agentId: number; companyId: number };
let aliceChatroom: number;
let bobChatroom: number;
const signedInClient = (user: SignedInUser, agent?: number) => t.signedInClient(user.token, agent);

beforeAll(async () => {
  // A short grace so refused sockets go quickly; the default is 2 s.
  t = await openSocketTestApp({ SOCKET_AUTH_ERROR_GRACE_MS: '200' });
  alice = await createSignedInUser(t.db, { firstName: 'Alice', lastName: 'Mbarga' });
  bob = await createSignedInUser(t.db, { firstName: 'Bob', lastName: 'Essomba' });
  aliceAgent = await createAgent(t.db, alice.userId);
  bobAgent = await createAgent(t.db, bob.userId);
  aliceChatroom = await createChatroom(t.db, [alice.userId]);
  bobChatroom = await createChatroom(t.db, [bob.userId]);
});

afterEach(() => t.closeClients());

afterAll(() => t?.close());

describe('socket auth', () => {
  it('answers auth:success with the user, the agent and the default rooms', async () => {
    const c = t.client();
    const answer = await authenticate(c, alice.token, aliceAgent.agentId);
    expect(answer.ok).toBe(true);
    expect(answer.payload).toEqual({
      user: { id: alice.userId, name: 'Alice Mbarga' },
      agent: { id: aliceAgent.agentId, company_id: aliceAgent.companyId },
      rooms: ['enquetes', userRoom(alice.userId), agentRoom(aliceAgent.agentId), chatroomRoom(aliceChatroom)],
    });
  });

  it('works over the polling transport too, with agent null when none is given', async () => {
    const c = t.client({ transports: ['polling'] });
    const answer = await authenticate(c, alice.token);
    expect(answer).toMatchObject({ ok: true, payload: { agent: null } });
  });

  it('refuses an unknown token with a 401 message, then disconnects', async () => {
    const c = t.client();
    const answer = await authenticate(c, 'x'.repeat(43));
    expect(answer).toEqual({ ok: false, payload: { status: 401, message: statusMessage(401, 'fr') } });
    expect(await c.next('disconnect')).toBe('io server disconnect');
  });

  it('refuses an expired access token with the 498 message, so the client refreshes', async () => {
    const expired = await createSignedInUser(t.db, { accessExpired: true });
    const c = t.client();
    const answer = await authenticate(c, expired.token);
    expect(answer).toEqual({ ok: false, payload: { status: 498, message: statusMessage(498, 'fr') } });
    expect(await c.next('disconnect')).toBe('io server disconnect');
  });

  it('refuses a revoked session with the 499 message', async () => {
    const revoked = await createSignedInUser(t.db);
    await t.db.orm.update(sessions).set({ revoked_at: new Date(), revoked_reason: 'logout' }).where(eq(sessions.id, revoked.sessionId));
    const answer = await authenticate(t.client(), revoked.token);
    expect(answer).toEqual({ ok: false, payload: { status: 499, message: statusMessage(499, 'fr') } });
  });

  it("refuses another user's agent, and a suspended agent of one's own", async () => {
    const other = await authenticate(t.client(), alice.token, bobAgent.agentId);
    expect(other).toMatchObject({ ok: false, payload: { status: 403 } });
    expect(other.payload.message).toContain("n'appartient pas");

    const suspended = await createAgent(t.db, alice.userId, 'suspended');
    const own = await authenticate(t.client(), alice.token, suspended.agentId);
    expect(own).toMatchObject({ ok: false, payload: { status: 403 } });
  });

  it('answers in English when the handshake asks for it', async () => {
    const c = t.client({ headers: { 'accept-language': 'en-GB,en;q=0.8' } });
    const answer = await authenticate(c, 'y'.repeat(43));
    expect(answer.payload.message).toBe(statusMessage(401, 'en'));
  });

  it('drops a socket that never authenticates, and lets it join nothing meanwhile', async () => {
    const strict = await openTestApp({ SOCKET_AUTH_TIMEOUT_MS: '1000' });
    try {
      const c = t.client({}, await listenOnLoopback(strict.app));
      c.socket.emit('join:room', { rooms: ['enquetes'] });
      expect(await c.next('join:room:error')).toEqual({ rooms: ['enquetes'], message: statusMessage(401, 'fr') });
      expect(await c.next('disconnect')).toBe('io server disconnect');
    } finally {
      await strict.close();
    }
  });
});

describe('socket rooms', () => {
  it("refuses another user's room, another user's agent room and a chatroom one is not in", async () => {
    const c = await signedInClient(alice);
    const from = c.events.length;
    const refused = [userRoom(bob.userId), agentRoom(bobAgent.agentId), chatroomRoom(bobChatroom)];
    c.socket.emit('join:room', { rooms: [...refused, 'enquetes'] });
    const error = await c.next('join:room:error', from);
    expect(error.rooms).toEqual(refused);
    expect(error.message).toContain("Vous n'êtes pas autorisé");
    expect(await c.next('join:room:success', from)).toEqual({ rooms: ['enquetes'] });
  });

  it('refuses names that are not rooms, and a malformed request', async () => {
    const c = await signedInClient(alice);
    let from = c.events.length;
    c.socket.emit('join:room', { rooms: 'admins' });
    expect(await c.next('join:room:error', from)).toEqual({ rooms: ['admins'], message: 'Salon inconnu : admins.' });
    from = c.events.length;
    c.socket.emit('join:room', 'enquetes' as any);
    expect((await c.next('join:room:error', from)).rooms).toEqual([]);
  });

  it('accepts a chatroom joined after auth, read from the database at join time', async () => {
    const c = await signedInClient(alice);
    const later = await createChatroom(t.db, [alice.userId, bob.userId]);
    const from = c.events.length;
    c.socket.emit('join:room', { rooms: [chatroomRoom(later)] });
    expect(await c.next('join:room:success', from)).toEqual({ rooms: [chatroomRoom(later)] });
  });

  it('stops honouring an agent suspended after auth', async () => {
    const extra = await createAgent(t.db, alice.userId);
    const c = await signedInClient(alice);
    await t.db.orm.update(agents).set({ status: 'suspended' }).where(eq(agents.id, extra.agentId));
    const from = c.events.length;
    c.socket.emit('join:room', { rooms: [agentRoom(extra.agentId)] });
    expect((await c.next('join:room:error', from)).rooms).toEqual([agentRoom(extra.agentId)]);
  });

  it('ends the socket when its session was revoked after auth', async () => {
    const carol = await createSignedInUser(t.db);
    const c = await signedInClient(carol);
    await t.db.orm.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, carol.sessionId));
    const from = c.events.length;
    c.socket.emit('join:room', { rooms: ['enquetes'] });
    expect(await c.next('auth:error', from)).toEqual({ status: 499, message: statusMessage(499, 'fr') });
    expect(await c.next('disconnect', from)).toBe('io server disconnect');
  });
  it('drops a listening socket whose session was revoked, at the next sweep', async () => {
    const dave = await createSignedInUser(t.db);
    const kept = await signedInClient(alice);
    const c = await signedInClient(dave);
    const from = c.events.length;
    await t.db.orm.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, dave.sessionId));
    expect(await dropRevokedSockets(t.app.io, t.db, 200)).toBe(1);
    expect(await c.next('auth:error', from)).toEqual({ status: 499, message: statusMessage(499, 'fr') });
    expect(await c.next('disconnect', from)).toBe('io server disconnect');
    expect(kept.socket.connected).toBe(true);
  });
});

describe('socket delivery', () => {
  it('delivers an event to its room only', async () => {
    const a = await signedInClient(alice);
    const b = await signedInClient(bob);
    const [fromA, fromB] = [a.events.length, b.events.length];
    // Bob's event first, then one for each: a socket wrongly in Bob's room would get it before its own.
    t.app.events.publish('invitation.sent', userRoom(bob.userId), { id: 1, company_name: 'Acme' });
    t.app.events.publish('notification.created', userRoom(alice.userId), { id: 2 });
    t.app.events.publish('notification.created', userRoom(bob.userId), { id: 3 });

    expect(await a.next('notification.created', fromA)).toEqual({ room: userRoom(alice.userId), data: { id: 2 } });
    expect(await b.next('notification.created', fromB)).toEqual({ room: userRoom(bob.userId), data: { id: 3 } });
    expect(eventNames(a, fromA)).toEqual(['notification.created']);
    expect(b.events.slice(fromB).map((e) => e.name)).toEqual(['invitation.sent', 'notification.created']);
    expect(b.events[fromB].payload).toEqual({ room: userRoom(bob.userId), data: { id: 1, company_name: 'Acme' } });
  });

  it('delivers agent, chatroom and product room events to their members', async () => {
    const a = await signedInClient(alice);
    const b = await signedInClient(bob);
    const [fromA, fromB] = [a.events.length, b.events.length];
    t.app.events.publish('report.created', agentRoom(aliceAgent.agentId), { monitor_id: 5 });
    t.app.events.publish('message.created', chatroomRoom(bobChatroom), { id: 6 });
    t.app.events.publish('broadcast.created', 'enquetes', { id: 7 });

    expect(await a.next('broadcast.created', fromA)).toEqual({ room: 'enquetes', data: { id: 7 } });
    expect(await b.next('broadcast.created', fromB)).toEqual({ room: 'enquetes', data: { id: 7 } });
    expect(eventNames(a, fromA)).toEqual(['report.created', 'broadcast.created']);
    expect(eventNames(b, fromB)).toEqual(['message.created', 'broadcast.created']);
  });

  it('stops delivering a room after leave:room', async () => {
    const a = await signedInClient(alice);
    const from = a.events.length;
    a.socket.emit('leave:room', { rooms: [agentRoom(aliceAgent.agentId), 'not-a-room.1'] });
    expect(await a.next('leave:room:success', from)).toEqual({ rooms: [agentRoom(aliceAgent.agentId)] });
    expect((await a.next('leave:room:error', from)).rooms).toEqual(['not-a-room.1']);

    const before = a.events.length;
    t.app.events.publish('report.updated', agentRoom(aliceAgent.agentId), { monitor_id: 8 });
    t.app.events.publish('notification.created', userRoom(alice.userId), { id: 9 });
    await a.next('notification.created', before);
    expect(eventNames(a, before)).toEqual(['notification.created']);
  });

  // Their transport closed, not "io server disconnect" (which a client takes as "stay
  // away"): each reconnects at once, through the load balancer, to another process.
  it('closes connected sockets when the app closes, so that they reconnect elsewhere', async () => {
    const other = await openTestApp();
    const url = await listenOnLoopback(other.app);
    const user = await createSignedInUser(other.db);
    const c = t.client({}, url);
    expect((await authenticate(c, user.token)).ok).toBe(true);
    const from = c.events.length;
    await other.close();
    expect(await c.next('disconnect', from)).toBe('transport close');
  });
});
