import { agentRoom, chatroomRoom, userRoom } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, groupMembers, groups } from '../../db/schema';
import { dropLapsedRooms } from '../../realtime/socket-session-sweep';
import { authenticate, eventNames, type RecordedClient } from '../../realtime/socket-test-support';
import { openSocketTestApp, type SocketTestApp } from '../../test/socket-app';
import { call, createOwner, createTestUser, type Session, signIn } from '../tenancy/companies/tenancy.test-support';
import { joinCompany, publishBroadcast } from './messaging.test-support';

// Real sockets against the real server: what arrives live, in which room, and what does not.
let t: SocketTestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let paul: Session;
let zoe: Session;

beforeAll(async () => {
  t = await openSocketTestApp();
  a = await createOwner(t, 'Alpha Live', { first_name: 'Awa' });
  paul = await joinCompany(t, a.session, 'Paul');
  zoe = await joinCompany(t, a.session, 'Zoé');
});
afterAll(() => t?.close());

const socketOf = (session: Session) => t.signedInClient(session.token, session.agentId);

/** A marker in the product room: once a client has it, anything published before it has arrived too. */
async function settle(...sockets: RecordedClient[]) {
  const from = sockets.map((s) => s.events.length);
  t.app.events.publish('broadcast.created', 'enquetes', { id: 0 });
  await Promise.all(sockets.map((s, i) => s.next('broadcast.created', from[i])));
}

describe('live conversations', () => {
  it('a customer who asks to talk hears the company’s answer live once it accepts', async () => {
    const customer = await signIn(t, await createTestUser(t, { first_name: 'Cliente' }));
    const customerSocket = await socketOf(customer);
    const asked = await call(t, 'POST', 'chatrooms/pending', customer, { company_id: a.company.id, body: 'Bonjour, une question sur ma facture.' });
    expect(asked.status).toBe(201);
    const id = asked.body.data.id;
    await settle(customerSocket); // moved into chatroom.{id} when the request was made
    const from = customerSocket.events.length;
    expect((await call(t, 'POST', `chatrooms/${id}/manage/accept`, a.session)).status).toBe(200);
    const told = await customerSocket.next('notification.created', from);
    expect(told.room).toBe(userRoom(customer.userId));
    expect(told.data).toMatchObject({ data: { chatroom_id: id, type: 'support' } });
    await call(t, 'POST', `chatrooms/${id}/messages`, a.session, { body: 'Bonjour, je regarde.' });
    const answer = await customerSocket.next('message.created', from);
    expect(answer).toMatchObject({ room: chatroomRoom(id), data: { body: 'Bonjour, je regarde.' } });
  });

  it('a message reaches the members in chatroom.{id}, a read receipt comes back, outsiders get nothing', async () => {
    const [awaSocket, paulSocket, zoeSocket] = await Promise.all([socketOf(a.session), socketOf(paul), socketOf(zoe)]);
    const created = await call(t, 'POST', 'chatrooms', a.session, { kind: 'group', name: 'Visite', agent_ids: [paul.agentId] });
    const id = created.body.data.id;
    await settle(awaSocket, paulSocket); // the members' sockets have joined the new room
    const from = [awaSocket.events.length, paulSocket.events.length, zoeSocket.events.length];

    const sent = await call(t, 'POST', `chatrooms/${id}/messages`, a.session, { body: 'On se retrouve au marché ?', client_key: 'live-key-000001' });
    const received = await paulSocket.next('message.created', from[1]);
    expect(received.room).toBe(chatroomRoom(id));
    expect(received.data).toMatchObject({ id: sent.body.data.id, body: 'On se retrouve au marché ?', user_id: a.user.id, client_key: 'live-key-000001' });
    // Sent again with the same key: stored once, pushed once.
    expect((await call(t, 'POST', `chatrooms/${id}/messages`, a.session, { body: 'On se retrouve au marché ?', client_key: 'live-key-000001' })).status).toBe(200);

    await call(t, 'POST', `chatrooms/${id}/read`, paul, { message_id: sent.body.data.id });
    const receipt = await awaSocket.next('message.read', from[0]);
    expect(receipt.data).toMatchObject({ chatroom_id: id, user_id: paul.userId, message_id: sent.body.data.id });

    await settle(awaSocket, paulSocket, zoeSocket);
    expect(eventNames(paulSocket, from[1]).filter((n) => n === 'message.created')).toHaveLength(1);
    expect(eventNames(zoeSocket, from[2]).filter((n) => n.startsWith('message.'))).toEqual([]);
    // A non-member cannot join the room either.
    const joinFrom = zoeSocket.events.length;
    zoeSocket.socket.emit('join:room', { rooms: [chatroomRoom(id)] });
    expect((await zoeSocket.waitFor(['join:room:error', 'join:room:success'], joinFrom)).name).toBe('join:room:error');

    // Removed from the room, Paul's socket leaves it at once.
    await call(t, 'DELETE', `chatrooms/${id}/members/${paul.userId}`, paul);
    await settle(paulSocket);
    const after = paulSocket.events.length;
    await call(t, 'POST', `chatrooms/${id}/messages`, a.session, { body: 'Paul est parti' });
    await awaSocket.next('message.created', awaSocket.events.length - 1);
    await settle(paulSocket);
    expect(eventNames(paulSocket, after).filter((n) => n === 'message.created')).toEqual([]);
  });
});

describe('a conversation member whose membership ends', () => {
  /** A group room of `owner` with `member` in it, and the member's socket hearing it. */
  async function roomWith(owner: Session, member: Session) {
    const memberSocket = await socketOf(member);
    const ownerSocket = await socketOf(owner);
    const created = await call(t, 'POST', 'chatrooms', owner, { kind: 'group', name: 'Suivi', agent_ids: [member.agentId] });
    const id = created.body.data.id;
    await settle(memberSocket, ownerSocket);
    const from = memberSocket.events.length;
    await call(t, 'POST', `chatrooms/${id}/messages`, owner, { body: 'Bonjour' });
    expect((await memberSocket.next('message.created', from)).room).toBe(chatroomRoom(id));
    return { id, memberSocket, ownerSocket };
  }

  /** The messages of the room that reach the member's socket after one more is sent. */
  async function messagesHeard(owner: Session, room: Awaited<ReturnType<typeof roomWith>>) {
    const from = [room.memberSocket.events.length, room.ownerSocket.events.length];
    const sent = await call(t, 'POST', `chatrooms/${room.id}/messages`, owner, { body: 'Encore là ?' });
    expect(sent.status).toBe(201);
    await room.ownerSocket.next('message.created', from[1]);
    await settle(room.memberSocket);
    return eventNames(room.memberSocket, from[0]).filter((n) => n === 'message.created');
  }

  it('a suspended agent stops hearing the room at once, cannot join it again, nor gets it at its next sign-in', async () => {
    const marc = await joinCompany(t, a.session, 'Marc');
    const room = await roomWith(a.session, marc);

    expect((await call(t, 'POST', `agents/${marc.agentId}/suspend`, a.session)).status).toBe(200);
    expect(await messagesHeard(a.session, room)).toEqual([]);
    expect((await call(t, 'GET', `chatrooms/${room.id}`, marc)).status).toBe(403);

    const from = room.memberSocket.events.length;
    room.memberSocket.socket.emit('join:room', { rooms: [chatroomRoom(room.id)] });
    expect((await room.memberSocket.next('join:room:error', from)).rooms).toEqual([chatroomRoom(room.id)]);
    const again = t.client();
    const answer = await authenticate(again, marc.token);
    expect(answer.ok).toBe(true);
    expect(answer.payload.rooms).not.toContain(chatroomRoom(room.id));
    // The sweep does not give it back either.
    await dropLapsedRooms(t.app.io, t.db, 'enquetes');
    expect(await messagesHeard(a.session, room)).toEqual([]);

    // Reactivated, the membership counts again: the room can be joined.
    expect((await call(t, 'POST', `agents/${marc.agentId}/activate`, a.session)).status).toBe(200);
    const joinFrom = room.memberSocket.events.length;
    room.memberSocket.socket.emit('join:room', { rooms: [chatroomRoom(room.id)] });
    expect(await room.memberSocket.next('join:room:success', joinFrom)).toEqual({ rooms: [chatroomRoom(room.id)] });
    expect(await messagesHeard(a.session, room)).toEqual(['message.created']);
  });

  it("a company suspended without the API: the sweep takes its agents out of its rooms", async () => {
    const b = await createOwner(t, 'Beta Live', { first_name: 'Bako' });
    const lea = await joinCompany(t, b.session, 'Léa');
    const room = await roomWith(b.session, lea);
    await t.db.orm.update(companies).set({ status: 'suspended' }).where(eq(companies.id, b.company.id));
    expect(await dropLapsedRooms(t.app.io, t.db, 'enquetes')).toBeGreaterThanOrEqual(1);
    const from = room.memberSocket.events.length;
    t.app.events.publish('message.created', chatroomRoom(room.id), { id: 0 });
    await settle(room.memberSocket);
    expect(eventNames(room.memberSocket, from).filter((n) => n === 'message.created')).toEqual([]);
  });
});

describe('live notifications and broadcasts (section 6)', () => {
  it('an invitation goes to the user room only, as invitation.sent and notification.created', async () => {
    const guest = await createTestUser(t, { first_name: 'Invité' });
    const guestSession = await signIn(t, guest);
    const guestSocket = await socketOf(guestSession);
    const from = guestSocket.events.length;
    await call(t, 'POST', 'invitations', a.session, { email: guest.email });
    const notification = await guestSocket.next('notification.created', from);
    expect(notification.room).toBe(userRoom(guest.id));
    expect(notification.data).toMatchObject({ kind: 'invitation', type: 'invitation' });
    expect((await guestSocket.next('invitation.sent', from)).room).toBe(userRoom(guest.id));
  });

  it('a broadcast to a group reaches its online members in their agent room, nobody else', async () => {
    const [group] = await t.db.orm.insert(groups).values({ company_id: a.company.id, name: 'Équipe Nord' }).returning({ id: groups.id });
    await t.db.orm.insert(groupMembers).values({ group_id: group.id, agent_id: paul.agentId! });
    const [paulSocket, zoeSocket] = await Promise.all([socketOf(paul), socketOf(zoe)]);
    const from = [paulSocket.events.length, zoeSocket.events.length];
    const sent = await publishBroadcast(t, a.session, { title: 'Tournée', body: 'Départ 7 h', target: 'group', target_id: group.id });
    expect(sent.body.data.recipient_count).toBe(1);
    const live = await paulSocket.next('broadcast.created', from[0]);
    expect(live.room).toBe(agentRoom(paul.agentId!));
    expect(live.data).toMatchObject({ id: sent.body.data.id, title: 'Tournée', company_id: a.company.id });
    await settle(paulSocket, zoeSocket);
    expect(zoeSocket.events.slice(from[1]).filter((e) => e.name === 'broadcast.created' && e.payload.data.id !== 0)).toEqual([]);
  });
});
