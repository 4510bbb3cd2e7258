import { userRoom } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestUser, signIn } from '../modules/tenancy/companies/tenancy.test-support';
import { openSocketTestApp, type SocketTestApp } from '../test/socket-app';
import { eventNames } from './socket-test-support';

// The whole path with no fixture shortcut: tokens from POST auth/login, the invitation
// from POST invitations, the event from the invitations service through the socket.
let t: SocketTestApp;

beforeAll(async () => {
  t = await openSocketTestApp();
});

afterAll(() => t?.close());

const socketOf = (token: string) => t.signedInClient(token);

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
