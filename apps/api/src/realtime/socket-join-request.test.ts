import { JOIN_REQUEST_DECIDED, userRoom } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestUser, signIn } from '../modules/tenancy/companies/tenancy.test-support';
import { openSocketTestApp, type SocketTestApp } from '../test/socket-app';

// A join request by code, decided by the company: the requester hears it live.
let t: SocketTestApp;

beforeAll(async () => {
  t = await openSocketTestApp();
});

afterAll(() => t?.close());

describe('join request decided over the socket', () => {
  it('tells the requester, in their user room, that they were accepted', async () => {
    const owner = await createOwner(t, 'Boulangerie du Port');
    const asker = await createTestUser(t, { first_name: 'Jeanne' });
    const askerSession = await signIn(t, asker);
    const socket = await t.signedInClient(askerSession.token);

    const found = await call(t, 'GET', `companies/code/${owner.company.code}`, askerSession);
    const request = await call(t, 'POST', `companies/${found.body.data.id}/request_to_join`, askerSession, { job: 'Vendeuse' });
    expect(request.status).toBe(201);
    const from = socket.events.length;
    const decided = await call(t, 'POST', 'approvals/validate', owner.session, { id: request.body.data.id, action: 'approve' });
    expect(decided.status).toBe(200);

    const message = await socket.next('notification.created', from);
    expect(message.room).toBe(userRoom(asker.id));
    expect(message.data).toMatchObject({
      type: JOIN_REQUEST_DECIDED,
      title: 'Votre demande pour rejoindre Boulangerie du Port a été acceptée.',
      data: { status: 'approved', company_id: owner.company.id, agent_id: decided.body.data.agent_id },
    });
  });
});
