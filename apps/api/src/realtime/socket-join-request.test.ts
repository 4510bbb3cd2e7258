import { agentRoom, JOIN_REQUEST_DECIDED, JOIN_REQUESTED, userRoom } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestUser, signIn } from '../modules/tenancy/companies/tenancy.test-support';
import { createMember } from '../modules/commerce/commerce.test-support';
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

  it('reaches the owner live (agent room): a notification for the bell, the toast and the approvals list; a plain member hears nothing', async () => {
    const owner = await createOwner(t, 'Atelier du Quai');
    const member = await createMember(t, owner.company.id);
    const asker = await createTestUser(t, { first_name: 'Rose', last_name: 'Ndjock' });
    const askerSession = await signIn(t, asker);
    const [ownerSocket, memberSocket] = await Promise.all([
      t.signedInClient(owner.session.token, owner.session.agentId),
      t.signedInClient(member.token, member.agentId),
    ]);
    const from = [ownerSocket.events.length, memberSocket.events.length];
    const request = await call(t, 'POST', `companies/${owner.company.id}/request_to_join`, askerSession, { job: 'Couturière' });
    expect(request.status).toBe(201);

    const message = await ownerSocket.next('notification.created', from[0]);
    expect(message.room).toBe(agentRoom(owner.company.agent_id));
    expect(message.data).toMatchObject({
      kind: 'notification',
      title: 'Rose Ndjock demande à rejoindre Atelier du Quai',
      data: { type: JOIN_REQUESTED, approval_id: request.body.data.id, company_id: owner.company.id },
    });
    // The bell lists it (unread) without a reload.
    const bell = await call(t, 'GET', 'notifications', owner.session);
    expect(bell.body.data.some((n: any) => n.data?.type === JOIN_REQUESTED && n.read_at === null)).toBe(true);

    // A marker in the product room: once the member has it, anything sent before has arrived.
    const mark = memberSocket.events.length;
    t.app.events.publish('broadcast.created', 'enquetes', { id: 0 });
    await memberSocket.next('broadcast.created', mark);
    expect(memberSocket.events.slice(from[1]).map((e) => e.name)).not.toContain('notification.created');
  });
});
