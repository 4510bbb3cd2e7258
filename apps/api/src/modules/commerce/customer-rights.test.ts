import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../test/test-app';
import { call, createOwner, createTestUser, type Session, signIn } from '../tenancy/companies/tenancy.test-support';
import { createMember, createOpenInvoice } from './commerce.test-support';

// What a person owns as a customer (invoices addressed to them, their bookings) never
// depends on their memberships: accepting a company's invitation, owning a company or
// being its partner changes nothing to it.
let t: TestApp;
let seller: Awaited<ReturnType<typeof createOwner>>;
let articleId: number;

beforeAll(async () => {
  t = await openTestApp();
  seller = await createOwner(t, 'Vendeur SARL');
  const article = await call(t, 'POST', 'articles', seller.session, { name: 'Séance de conseil', price: 10_000, kind: 'service', stock: 20 });
  articleId = article.body.data.id;
});
afterAll(() => t.close());

/** A customer who accepted a company's invitation: their requests now carry that membership. */
async function customerWhoJoined(): Promise<Session> {
  const user = await createTestUser(t, { type: 'customer', first_name: 'Cliente' });
  const customer = await signIn(t, user);
  const host = await createOwner(t, 'Employeur SARL');
  const invitation = await call(t, 'POST', 'invitations', host.session, { email: user.email });
  expect(invitation.status).toBe(201);
  const accepted = await call(t, 'POST', `invitations/${invitation.body.data.id}/accept`, customer);
  expect(accepted.status).toBe(200);
  // The app then acts for the company (Agent-id), as the web does after the acceptance.
  customer.agentId = accepted.body.data.guest_agent_id;
  return customer;
}

describe('invoices/mine', () => {
  it('a customer who joined a company keeps the invoices addressed to them, with the issuing company', async () => {
    const customer = await customerWhoJoined();
    const invoice = await createOpenInvoice(t, seller.session, customer);
    const mine = await call(t, 'GET', 'invoices/mine', customer);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((i: any) => i.id)).toEqual([invoice.id]);
    expect(mine.body.data[0].company).toEqual({ id: seller.company.id, name: 'Vendeur SARL', code: seller.company.code });
    const one = await call(t, 'GET', `invoices/${invoice.id}`, customer);
    expect(one.status).toBe(200);
    expect(one.body.data.company.name).toBe('Vendeur SARL');
  });

  it("an owner's own invoices are those addressed to him, not those his company issued", async () => {
    const buyer = await createOwner(t, 'Acheteur SARL');
    const issued = await call(t, 'POST', 'invoices', buyer.session, { customer_name: 'Un client', lines: [{ label: 'X', quantity: 1, unit_price: 100 }], issue: true });
    expect(issued.status).toBe(201);
    const received = await createOpenInvoice(t, seller.session, buyer.session);
    const mine = await call(t, 'GET', 'invoices/mine', buyer.session);
    expect(mine.body.data.map((i: any) => i.id)).toEqual([received.id]);
  });

  it('a member without any invoice permission (a partner, a plain agent) reads their own: 200, empty', async () => {
    const member = await createMember(t, seller.company.id);
    const mine = await call(t, 'GET', 'invoices/mine', member);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([]);
  });

  it('drafts stay with their company; signed out is 401; a bad query is refused in French', async () => {
    const customer = await customerWhoJoined();
    await call(t, 'POST', 'invoices', seller.session, { customer_user_id: customer.userId, customer_name: 'Brouillon', lines: [{ label: 'X', quantity: 1, unit_price: 100 }] });
    expect((await call(t, 'GET', 'invoices/mine', customer)).body.data).toEqual([]);
    expect((await call(t, 'GET', 'invoices/mine', null)).status).toBe(401);
    const bad = await call(t, 'GET', 'invoices/mine?sort[0][key]=password', customer);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
  });
});

describe('bookings of a person', () => {
  it('a customer who joined a company still books, lists and cancels their bookings', async () => {
    const customer = await customerWhoJoined();
    const booked = await call(t, 'POST', 'bookings', customer, { article_id: articleId, quantity: 1 });
    expect(booked.status).toBe(201);
    const mine = await call(t, 'GET', 'bookings/mine', customer);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((b: any) => b.id)).toEqual([booked.body.data.id]);
    expect((await call(t, 'GET', `bookings/${booked.body.data.id}`, customer)).status).toBe(200);
    expect((await call(t, 'POST', `bookings/${booked.body.data.id}/cancel`, customer)).body.data.status).toBe('cancelled');
  });

  it("a company's agent books another company's article as a customer; the seller's plain agent still cannot confirm", async () => {
    const member = await createMember(t, (await createOwner(t, 'Autre SARL')).company.id);
    const booked = await call(t, 'POST', 'bookings', member, { article_id: articleId, quantity: 1 });
    expect(booked.status).toBe(201);
    expect((await call(t, 'GET', 'bookings/mine', member)).body.data).toHaveLength(1);
    const sellerAgent = await createMember(t, seller.company.id);
    expect((await call(t, 'POST', `bookings/${booked.body.data.id}/confirm`, sellerAgent)).status).toBe(403);
    expect((await call(t, 'POST', `bookings/${booked.body.data.id}/confirm`, member)).status).toBe(403);
  });

  it('signed out: 401; bad input: 422', async () => {
    expect((await call(t, 'GET', 'bookings/mine', null)).status).toBe(401);
    const customer = await customerWhoJoined();
    expect((await call(t, 'POST', 'bookings', customer, { article_id: articleId, quantity: 0 })).status).toBe(422);
  });
});
