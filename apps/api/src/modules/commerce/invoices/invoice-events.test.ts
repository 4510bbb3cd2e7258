import { agentRoom, userRoom } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, eventNames, openClient, type RecordedClient } from '../../../realtime/socket-test-support';
import type { TestApp } from '../../../test/test-app';
import { call, createCustomer, createMember, createOwner, deliverCallback, emailOf, initPayment, openCommerceApp } from '../commerce.test-support';

// Invoice events from the invoices service and from a mobile-money settlement, through a real socket.
let t: TestApp & { origin: string };
const clients: RecordedClient[] = [];

beforeAll(async () => {
  t = await openCommerceApp();
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t?.close();
});

async function socketOf(token: string, agent?: number) {
  const c = openClient(t.origin);
  clients.push(c);
  expect((await authenticate(c, token, agent)).ok).toBe(true);
  return c;
}

describe('invoice events over the socket', () => {
  it('created, updated, paid and closed reach the company agents who may see invoices and the customer, nobody else', async () => {
    const owner = await createOwner(t, 'Factures en direct SARL');
    const member = await createMember(t, owner.company.id);
    const customer = await createCustomer(t);
    const stranger = await createCustomer(t);
    const ownerSocket = await socketOf(owner.session.token, owner.company.agent_id);
    const memberSocket = await socketOf(member.token, member.agentId);
    const customerSocket = await socketOf(customer.token);
    const strangerSocket = await socketOf(stranger.token);
    const start = { owner: ownerSocket.events.length, member: memberSocket.events.length, customer: customerSocket.events.length, stranger: strangerSocket.events.length };

    // A draft: only the company hears of it.
    const draft = (
      await call(t, 'POST', 'invoices', owner.session, { customer_email: await emailOf(t, customer), customer_name: 'Cliente', lines: [{ label: 'Conseil', quantity: 1, unit_price: 1000 }] })
    ).body.data;
    const created = await ownerSocket.next('invoice.created', start.owner);
    expect(created.room).toBe(agentRoom(owner.company.agent_id));
    expect(created.data).toMatchObject({ id: draft.id, status: 'draft', company_id: owner.company.id, number: draft.number });

    // Issued: the customer now hears of it, in their user room.
    expect((await call(t, 'POST', `invoices/${draft.id}/issue`, owner.session)).status).toBe(200);
    const issued = await customerSocket.next('invoice.updated', start.customer);
    expect(issued).toMatchObject({ room: userRoom(customer.userId), data: { id: draft.id, status: 'open' } });
    expect(eventNames(customerSocket, start.customer).filter((n) => n.startsWith('invoice.'))).toEqual(['invoice.updated']);

    // Paid by mobile money (settled by the operator's callback).
    const tx = (await initPayment(t, customer, 'invoice', { target_id: draft.id, provider: 'mtn_momo', phone: '670000001' })).body.data;
    await deliverCallback(t, 'mtn_momo', tx.provider_reference);
    expect((await customerSocket.next('invoice.paid', start.customer)).data).toMatchObject({ id: draft.id, status: 'paid' });
    expect((await ownerSocket.next('invoice.paid', start.owner)).data).toMatchObject({ id: draft.id, status: 'paid' });

    // Closed: another open invoice.
    const other = (await call(t, 'POST', 'invoices', owner.session, { customer_email: await emailOf(t, customer), customer_name: 'Cliente', lines: [{ label: 'Audit', quantity: 1, unit_price: 500 }], issue: true })).body.data;
    expect((await call(t, 'POST', `invoices/${other.id}/close`, owner.session)).status).toBe(200);
    expect((await customerSocket.next('invoice.closed', start.customer)).data).toMatchObject({ id: other.id, status: 'closed' });
    expect((await ownerSocket.next('invoice.closed', start.owner)).data).toMatchObject({ id: other.id, status: 'closed' });

    // A marker after everything: the member without invoice permission and the stranger heard none of it.
    t.app.events.publish('broadcast.created', agentRoom(member.agentId!), { id: 1 });
    t.app.events.publish('broadcast.created', userRoom(stranger.userId), { id: 1 });
    await memberSocket.next('broadcast.created', start.member);
    await strangerSocket.next('broadcast.created', start.stranger);
    expect(eventNames(memberSocket, start.member).filter((n) => n.startsWith('invoice.'))).toEqual([]);
    expect(eventNames(strangerSocket, start.stranger).filter((n) => n.startsWith('invoice.'))).toEqual([]);
    expect(eventNames(ownerSocket, start.owner).filter((n) => n.startsWith('invoice.'))).toEqual([
      'invoice.created',
      'invoice.updated',
      'invoice.paid',
      'invoice.created',
      'invoice.closed',
    ]);
  });
});
