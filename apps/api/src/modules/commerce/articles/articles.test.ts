import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { call, createCustomer, createMember, createOwner, deliverCallback, initPayment, openCommerceApp } from '../commerce.test-support';

let t: Awaited<ReturnType<typeof openCommerceApp>>;
let owner: Session;
let company: { id: number; code: string };
let customer: Session;
beforeAll(async () => {
  t = await openCommerceApp();
  const created = await createOwner(t, 'Marché Central');
  owner = created.session;
  company = created.company;
  customer = await createCustomer(t);
});
afterAll(() => t.close());

const article = async (body: Record<string, unknown>) => {
  const res = await call(t, 'POST', 'articles', owner, { name: 'Panier garni', price: 5000, ...body });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data;
};

describe('articles and bookings', () => {
  it('customers browse a company’s active articles by its code, without signing in', async () => {
    await article({ name: 'Coupe de cheveux', kind: 'service', stock: 5 });
    await article({ name: 'Retiré', active: false });
    const res = await call(t, 'GET', `articles/company/${company.code.toLowerCase()}`, null);
    expect(res.status).toBe(200);
    expect(res.body.company.code).toBe(company.code);
    expect(res.body.data.map((a: any) => a.name)).toContain('Coupe de cheveux');
    expect(res.body.data.map((a: any) => a.name)).not.toContain('Retiré');
    expect((await call(t, 'GET', 'articles/company/NOPE99', null)).status).toBe(404);
  });

  it('concurrent bookings of the last units: stock never below zero, the others refused in French', async () => {
    const last = await article({ name: 'Dernier sac', stock: 3 });
    const customers = await Promise.all(Array.from({ length: 6 }, () => createCustomer(t)));
    const results = await Promise.all(customers.map((c) => call(t, 'POST', 'bookings', c, { article_id: last.id, quantity: 1 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0].body.message).toBe('Cet article n’est plus disponible.');
    expect((await call(t, 'GET', `articles/${last.id}`, owner)).body.data.stock).toBe(0);
    // Cancelling gives the unit back, once.
    const booked = results.find((r) => r.status === 201)!.body.data;
    const who = customers[results.indexOf(results.find((r) => r.status === 201)!)];
    expect((await call(t, 'POST', `bookings/${booked.id}/cancel`, who)).body.data.status).toBe('cancelled');
    expect((await call(t, 'POST', `bookings/${booked.id}/cancel`, who)).status).toBe(409);
    expect((await call(t, 'GET', `articles/${last.id}`, owner)).body.data.stock).toBe(1);
    const tooMany = await call(t, 'POST', 'bookings', customer, { article_id: last.id, quantity: 2 });
    expect(tooMany.body.message).toBe('Il ne reste que 1 unité disponible.');
    // The same refusal in the customer's language.
    for (const [language, text] of [['en', 'Only 1 unit is left.'], ['zh-CN', '仅剩 1 件。']]) {
      const inLanguage = await t.app.inject({ method: 'POST', url: '/api/v2/bookings', headers: { ...headersOf(customer), 'accept-language': language }, payload: { article_id: last.id, quantity: 2 } });
      expect(inLanguage.json()).toMatchObject({ code: 'out_of_stock', message: text });
    }
  });

  it('the company confirms; the customer pays the booking by mobile money', async () => {
    const item = await article({ name: 'Table', price: 20_000, stock: 10 });
    const booking = (await call(t, 'POST', 'bookings', customer, { article_id: item.id, quantity: 2, slot_at: '2026-12-01T09:00:00Z' })).body.data;
    expect(booking).toMatchObject({ amount: 40_000, status: 'pending' });
    expect((await call(t, 'POST', `bookings/${booking.id}/confirm`, customer)).status).toBe(403);
    expect((await call(t, 'POST', `bookings/${booking.id}/confirm`, owner)).body.data.status).toBe('confirmed');
    const tx = (await initPayment(t, customer, 'booking', { target_id: booking.id, provider: 'mtn_momo', phone: '670000001' })).body.data;
    expect(tx.amount).toBe(40_000);
    // No cancelling while the payer may be approving the payment.
    const cancel = await call(t, 'POST', `bookings/${booking.id}/cancel`, owner);
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({ code: 'payment_in_progress' });
    await deliverCallback(t, 'mtn_momo', tx.provider_reference);
    expect((await call(t, 'GET', `bookings/${booking.id}`, customer)).body.data.paid_at).toBeTruthy();
    expect((await call(t, 'POST', `bookings/${booking.id}/cancel`, customer)).status).toBe(409);
    const mine = (await call(t, 'GET', 'bookings/mine', customer)).body.data;
    expect(mine.every((b: any) => b.customer_user_id === customer.userId)).toBe(true);
    expect((await call(t, 'GET', 'bookings', owner)).body.data.some((b: any) => b.id === booking.id)).toBe(true);
  });

  it('access: 401, 404 other company, 403 without permission, 422 French', async () => {
    const item = await article({ name: 'Chaise', stock: 4 });
    expect((await call(t, 'POST', 'articles', null, { name: 'Anonyme', price: 1 })).status).toBe(401);
    expect((await call(t, 'POST', 'bookings', null, { article_id: item.id, quantity: 1 })).status).toBe(401);
    const other = (await createOwner(t, 'Concurrent Marché')).session;
    expect((await call(t, 'GET', `articles/${item.id}`, other)).status).toBe(404);
    expect((await call(t, 'POST', `articles/${item.id}`, other, { price: 1 })).status).toBe(404);
    const booking = (await call(t, 'POST', 'bookings', customer, { article_id: item.id, quantity: 1 })).body.data;
    expect((await call(t, 'GET', `bookings/${booking.id}`, other)).status).toBe(404);
    expect((await call(t, 'POST', `bookings/${booking.id}/confirm`, other)).status).toBe(404);
    expect((await call(t, 'GET', `bookings/${booking.id}`, await createCustomer(t))).status).toBe(404);
    const member = await createMember(t, company.id);
    expect((await call(t, 'POST', 'articles', member, { name: 'Interdit', price: 1 })).status).toBe(403);
    expect((await call(t, 'POST', `bookings/${booking.id}/confirm`, member)).status).toBe(403);
    const bad = await call(t, 'POST', 'articles', owner, { name: 'A', price: 1.5, stock: -1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.stock[0]).toBe('Le stock ne peut pas être négatif.');
    const badBooking = await call(t, 'POST', 'bookings', customer, { article_id: item.id, quantity: 0 });
    expect(badBooking.status).toBe(422);
    expect(badBooking.body.errors.quantity[0]).toBe('La quantité doit être au moins 1.');
  });
  it('filters a company’s articles by a category and the categories below it (category_id in), its own only', async () => {
    const admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
    const category = async (name: string, code: string, parent_id: number | null = null) => {
      const res = await call(t, 'POST', 'categories', admin, { type: 'article', name, code, parent_id });
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      return res.body.data.id as number;
    };
    const food = await category('Alimentation', 'art-alim');
    const drinks = await category('Boissons', 'art-boissons', food);
    const services = await category('Services', 'art-services');
    await article({ name: 'Jus de bissap', category_id: drinks });
    await article({ name: 'Sac de riz', category_id: food });
    await article({ name: 'Coiffure', category_id: services });
    const rival = (await createOwner(t, 'Rival Marché')).session;
    expect((await call(t, 'POST', 'articles', rival, { name: 'Jus du rival', price: 100, category_id: drinks })).status).toBe(201);
    // What the business articles page sends for "Alimentation": the category and its subtree.
    const inFood = `articles?filter_groups[0][filters][0][key]=category_id&filter_groups[0][filters][0][operator]=in&filter_groups[0][filters][0][value][0]=${food}&filter_groups[0][filters][0][value][1]=${drinks}`;
    const res = await call(t, 'GET', inFood, owner);
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: any) => a.name).sort()).toEqual(['Jus de bissap', 'Sac de riz']);
    // The other company sees only its own article of the same categories.
    expect((await call(t, 'GET', inFood, rival)).body.data.map((a: any) => a.name)).toEqual(['Jus du rival']);
    expect((await call(t, 'GET', inFood, null)).status).toBe(401);
    // Reading articles needs no company permission (customers browse catalogues), but a
    // customer of neither company sees none of their articles through the filter.
    const asCustomer = await call(t, 'GET', inFood, await createCustomer(t));
    expect(asCustomer.status).toBe(200);
    expect(asCustomer.body.data).toEqual([]);
    const bad = await call(t, 'GET', 'articles?filter_groups[0][filters][0][key]=category_id&filter_groups[0][filters][0][operator]=in&filter_groups[0][filters][0][value][0]=boissons', owner);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Valeur invalide pour « category_id »');
  });
});
