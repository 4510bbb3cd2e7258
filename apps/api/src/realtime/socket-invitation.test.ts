import { userRoom } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestUser, signIn } from '../modules/tenancy/companies/tenancy.test-support';
import { openTestApp, type TestApp } from '../test/test-app';
import { authenticate, eventNames, listenOnLoopback, openClient, type RecordedClient } from './socket-test-support';

// The whole path with no fixture shortcut: tokens from POST auth/login, the invitation
// from POST invitations, the event from the invitations service through the socket.
let t: TestApp;
let baseUrl: string;
const clients: RecordedClient[] = [];

beforeAll(async () => {
  t = await openTestApp();
  baseUrl = await listenOnLoopback(t.app);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await t?.close();
});

async function socketOf(token: string) {
  const c = openClient(baseUrl);
  clients.push(c);
  const answer = await authenticate(c, token);
  expect(answer.ok).toBe(true);
  return c;
}

describe('invitation.sent over the socket', () => {
  it('reaches the invited user live, and nobody else', async () => {
    const owner = await createOwner(t, 'Coopérative du Littoral', { first_name: 'Hôte' });
    const guest = await createTestUser(t, { first_name: 'Invitée' });
    const bystander = await createTestUser(t);
    const guestSocket = await socketOf((await signIn(t, guest)).token);
    const otherSocket = await socketOf((await signIn(t, bystander)).token);
    const [fromGuest, fromOther] = [guestSocket.events.length, otherSocket.events.length];

    const res = await call(t, 'POST', 'invitations', owner.session, { email: guest.email, job: 'Enquêtrice' });
    expect(res.status).toBe(201);

    const message = await guestSocket.next('invitation.sent', fromGuest);
    expect(message.room).toBe(userRoom(guest.id));
    expect(message.data).toMatchObject({
      id: res.body.data.id,
      company_id: owner.company.id,
      company_name: 'Coopérative du Littoral',
      job: 'Enquêtrice',
    });
    expect(message.data.host_name).toContain('Hôte');

    // The bystander gets the product-room marker published after the invitation, and only it.
    t.app.events.publish('broadcast.created', 'enquetes', { id: 1 });
    await otherSocket.next('broadcast.created', fromOther);
    expect(eventNames(otherSocket, fromOther)).toEqual(['broadcast.created']);
  });
});
