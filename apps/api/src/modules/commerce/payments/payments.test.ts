import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../../db/schema';
import { headersOf, type Session } from '../../tenancy/companies/tenancy.test-support';
import { call, createCustomer, createMember, createOpenInvoice, createOwner, deliverCallback, initPayment, openCommerceApp } from '../commerce.test-support';
import { createMomoClient } from './providers/momo-client';
import { ProviderError } from './providers/provider';
import { expireOverdue } from './settlement';

let t: Awaited<ReturnType<typeof openCommerceApp>>;
let owner: Session;
let customer: Session;
beforeAll(async () => {
  t = await openCommerceApp();
  owner = (await createOwner(t, 'Boutique Paiements')).session;
  customer = await createCustomer(t);
});
afterAll(() => t.close());

const MTN_OK = '670000001';
const check = (session: Session, id: number, kind = 'invoice') => call(t, 'POST', `steps/transactions/${kind}/check`, session, { transaction_id: id });
const invoiceOf = async (id: number) => (await call(t, 'GET', `invoices/${id}`, owner)).body.data;

describe('mobile-money payment of an invoice (MTN MoMo emulator)', () => {
  it('goes pending, then succeeded by callback; the invoice is paid; a later poll changes nothing', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const init = await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK });
    expect(init.status).toBe(201);
    const tx = init.body.data;
    expect(tx).toMatchObject({ status: 'pending', amount: 11_925, currency: 'XAF', kind: 'invoice' });
    expect(tx.callback_secret_hash).toBeUndefined();
    expect((await deliverCallback(t, 'mtn_momo', tx.provider_reference)).delivered).toBe(200);
    const after = await check(customer, tx.id);
    expect(after.body.data).toMatchObject({ status: 'succeeded', settled_by: 'callback' });
    expect((await invoiceOf(invoice.id)).status).toBe('paid');
    // Poll after callback, and the callback again: nothing more is applied.
    expect((await check(customer, tx.id)).body.data.settled_by).toBe('callback');
    await deliverCallback(t, 'mtn_momo', tx.provider_reference);
    expect((await invoiceOf(invoice.id)).paid_at).toBe((await invoiceOf(invoice.id)).paid_at);
  });

  it('callback after poll: the poll settles it, the late callback is not applied again', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const tx = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK })).body.data;
    const polled = await check(customer, tx.id);
    expect(polled.body.data).toMatchObject({ status: 'succeeded', settled_by: 'poll' });
    const paidAt = (await invoiceOf(invoice.id)).paid_at;
    expect(paidAt).toBeTruthy();
    expect((await deliverCallback(t, 'mtn_momo', tx.provider_reference)).delivered).toBe(200);
    const [row] = await t.db.orm.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row.settled_by).toBe('poll');
    expect((await invoiceOf(invoice.id)).paid_at).toBe(paidAt);
  });

  it('concurrent callback and poll apply once', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const tx = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK })).body.data;
    await Promise.all([deliverCallback(t, 'mtn_momo', tx.provider_reference), check(customer, tx.id), check(customer, tx.id)]);
    const [row] = await t.db.orm.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row.status).toBe('succeeded');
    expect(['poll', 'callback']).toContain(row.settled_by);
    expect((await invoiceOf(invoice.id)).status).toBe('paid');
  });

  it('insufficient funds and refusal fail cleanly with a French reason; the invoice stays open and can be paid again', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const poor = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: '670000003' })).body.data;
    await deliverCallback(t, 'mtn_momo', poor.provider_reference);
    expect((await check(customer, poor.id)).body.data).toMatchObject({ status: 'failed', failure_reason: 'Solde insuffisant.' });
    const refused = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: '670000002' })).body.data;
    expect((await check(customer, refused.id)).body.data).toMatchObject({ status: 'failed', failure_reason: 'Paiement refusé par le payeur.' });
    // Stored as a code, read in each reader's language: the payer's English, the owner's Chinese list.
    const [stored] = await t.db.orm.select().from(transactions).where(eq(transactions.id, poor.id));
    expect(stored.failure_reason).toBe('insufficient_funds');
    const inEnglish = await t.app.inject({ method: 'GET', url: `/api/v2/transactions/${poor.id}`, headers: { ...headersOf(customer), 'accept-language': 'en' } });
    expect(inEnglish.json().data.failure_reason).toBe('Insufficient balance.');
    const listed = await t.app.inject({ method: 'GET', url: `/api/v2/transactions?filter_groups[0][filters][0][key]=id&filter_groups[0][filters][0][operator]=eq&filter_groups[0][filters][0][value]=${poor.id}`, headers: { ...headersOf(owner), 'accept-language': 'zh-CN' } });
    expect(listed.json().data.map((row: any) => row.failure_reason)).toEqual(['余额不足。']);
    // Filters read the stored code, whatever the reader's language; the shown sentence is no code.
    const byReason = (operator: string, value: string) =>
      call(t, 'GET', `transactions?filter_groups[0][filters][0][key]=failure_reason&filter_groups[0][filters][0][operator]=${operator}&filter_groups[0][filters][0][value]=${encodeURIComponent(value)}&limit=100`, owner);
    const ids = async (operator: string, value: string) => (await byReason(operator, value)).body.data.map((row: any) => row.id);
    expect(await ids('eq', 'insufficient_funds')).toContain(poor.id);
    expect(await ids('eq', 'insufficient_funds')).not.toContain(refused.id);
    expect(await ids('eq', 'payer_rejected')).toContain(refused.id);
    expect(await ids('ct', 'Solde insuffisant')).toEqual([]);
    expect((await invoiceOf(invoice.id)).status).toBe('open');
    const ok = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK })).body.data;
    expect((await check(customer, ok.id)).body.data.status).toBe('succeeded');
  });

  it('no answer: stays pending, then expires (by check or by the sweep); a late success changes nothing', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const tx = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: '670000004' })).body.data;
    expect((await check(customer, tx.id)).body.data.status).toBe('pending');
    // Only one payment in flight per invoice.
    const second = await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('déjà en cours');
    await t.db.orm.update(transactions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(transactions.id, tx.id));
    expect((await check(customer, tx.id)).body.data).toMatchObject({ status: 'expired', settled_by: 'expiry' });
    const other = await createOpenInvoice(t, owner, customer);
    const tx2 = (await initPayment(t, customer, 'invoice', { target_id: other.id, provider: 'mtn_momo', phone: '670000004' })).body.data;
    await t.db.orm.update(transactions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(transactions.id, tx2.id));
    expect(await expireOverdue(t.db)).toBeGreaterThanOrEqual(1);
    expect((await check(customer, tx2.id)).body.data.status).toBe('expired');
    expect((await invoiceOf(other.id)).status).toBe('open');
  });

  it('past its expiry, a payment the payer approved at the last moment succeeds rather than expiring', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const tx = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK })).body.data;
    await t.db.orm.update(transactions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(transactions.id, tx.id));
    expect((await check(customer, tx.id)).body.data).toMatchObject({ status: 'succeeded', settled_by: 'poll' });
    expect((await invoiceOf(invoice.id)).status).toBe('paid');
  });

  it('an operator 500 after taking the request keeps it pending under its reference; the payer’s approval is then applied', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const init = await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: '670000005' });
    expect(init.status).toBe(201);
    expect(init.body.data).toMatchObject({ status: 'pending', failure_reason: null });
    expect(init.body.data.provider_reference).toMatch(/^[0-9a-f-]{36}$/);
    // A second attempt cannot start while the first may still be approved.
    expect((await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK })).status).toBe(409);
    expect((await check(customer, init.body.data.id)).body.data.status).toBe('succeeded');
    expect((await invoiceOf(invoice.id)).status).toBe('paid');
  });

  it('init is idempotent by client key: the same key gives the same transaction', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const body = { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK, client_key: randomUUID() };
    const [a, b] = await Promise.all([initPayment(t, customer, 'invoice', body), initPayment(t, customer, 'invoice', body)]);
    const c = await initPayment(t, customer, 'invoice', body);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(c.body.data.id).toBe(a.body.data.id);
    const [{ n }] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM transactions WHERE client_key = ${body.client_key}`);
    expect(n).toBe(1);
  });

  it('forged callbacks are refused: wrong secret, unknown transaction, another transaction in the body', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const tx = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: '670000004' })).body.data;
    const forged = { status: 'SUCCESSFUL', externalId: String(tx.id), amount: String(tx.amount), currency: 'XAF' };
    const put = (url: string, payload: unknown) => t.app.inject({ method: 'PUT', url, payload: payload as object });
    expect((await put(`/api/v2/steps/transactions/callbacks/${tx.id}/guessed-secret`, forged)).statusCode).toBe(404);
    expect((await put(`/api/v2/steps/transactions/callbacks/999999/guessed-secret`, forged)).statusCode).toBe(404);
    expect((await check(customer, tx.id)).body.data.status).toBe('pending');
    expect((await invoiceOf(invoice.id)).status).toBe('open');
  });
});

describe('Orange Money (emulator)', () => {
  it('succeeds by poll and by notification; insufficient funds fails', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const tx = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'orange_money', phone: '690000001' })).body.data;
    expect(tx.failure_reason ?? tx.status).toBe('pending');
    expect((await deliverCallback(t, 'orange_money', tx.provider_reference)).delivered).toBe(200);
    expect((await check(customer, tx.id)).body.data).toMatchObject({ status: 'succeeded', settled_by: 'callback' });
    const other = await createOpenInvoice(t, owner, customer);
    const poor = (await initPayment(t, customer, 'invoice', { target_id: other.id, provider: 'orange_money', phone: '690000003' })).body.data;
    expect((await check(customer, poor.id)).body.data).toMatchObject({ status: 'failed', failure_reason: 'Solde insuffisant.' });
  });

  it('refuses a number of the other operator (422, French)', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const res = await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'orange_money', phone: MTN_OK });
    expect(res.status).toBe(422);
    expect(res.body.errors.phone[0]).toContain('opérateur');
  });
});

describe('paying a package starts the subscription once and bills it', () => {
  it('subscription active after success, fee billed, usage shows the new package', async () => {
    const packages = (await call(t, 'GET', 'packages', owner)).body.data;
    const essentiel = packages.find((p: any) => p.slug === 'essentiel');
    const tx = (await initPayment(t, owner, 'package', { target_id: essentiel.id, provider: 'mtn_momo', phone: MTN_OK })).body.data;
    expect(tx.amount).toBe(15_000);
    await deliverCallback(t, 'mtn_momo', tx.provider_reference);
    await check(owner, tx.id, 'package');
    await deliverCallback(t, 'mtn_momo', tx.provider_reference);
    const usage = (await call(t, 'GET', 'features/usage', owner)).body.data;
    expect(usage.package.slug).toBe('essentiel');
    expect(usage.usage.find((u: any) => u.slug === 'surveys').limit).toBe(50);
    const [{ n }] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM bills WHERE transaction_id = ${tx.id}`);
    expect(n).toBe(1);
  });
});

describe('money taken after expiry, or on a target that no longer expects it', () => {
  const unreachable = async (): Promise<never> => {
    throw new ProviderError('Opérateur injoignable (TimeoutError).', true);
  };
  const expireNow = async (id: number) => {
    await t.db.orm.update(transactions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(transactions.id, id));
    // The operator cannot be asked one last time: the sweep expires the transaction.
    expect(await expireOverdue(t.db, unreachable)).toBeGreaterThanOrEqual(1);
  };
  const txOf = async (id: number) => (await call(t, 'GET', `transactions/${id}`, owner)).body.data;

  it('a success reported after the sweep expired the transaction is applied once: the invoice is paid', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const tx = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK })).body.data;
    await expireNow(tx.id);
    expect((await txOf(tx.id)).status).toBe('expired');
    await deliverCallback(t, 'mtn_momo', tx.provider_reference);
    expect(await txOf(tx.id)).toMatchObject({ status: 'succeeded', settled_by: 'callback', failure_reason: null, needs_refund: false });
    expect((await invoiceOf(invoice.id)).status).toBe('paid');
    // A second report changes nothing.
    await deliverCallback(t, 'mtn_momo', tx.provider_reference);
    expect((await check(customer, tx.id)).body.data.status).toBe('succeeded');
  });

  it('when the callback is lost, checking the expired transaction asks the operator again and applies the success', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const tx = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK })).body.data;
    await expireNow(tx.id);
    expect((await check(customer, tx.id)).body.data).toMatchObject({ status: 'succeeded', settled_by: 'poll', needs_refund: false });
    expect((await invoiceOf(invoice.id)).status).toBe('paid');
  });

  it('a late success on an invoice paid meanwhile is recorded for a refund, not lost', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const tx = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK })).body.data;
    await expireNow(tx.id);
    expect((await call(t, 'POST', `invoices/${invoice.id}/pay`, owner)).status).toBe(200);
    await deliverCallback(t, 'mtn_momo', tx.provider_reference);
    expect(await txOf(tx.id)).toMatchObject({ status: 'succeeded', needs_refund: true });
    expect((await invoiceOf(invoice.id)).status).toBe('paid');
  });

  it('closing or marking paid an invoice while its payment is in flight: 409 payment_in_progress in French', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const tx = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK })).body.data;
    for (const action of ['close', 'pay']) {
      const res = await call(t, 'POST', `invoices/${invoice.id}/${action}`, owner);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'payment_in_progress' });
      expect(res.body.message).toContain('paiement mobile est en cours');
    }
    await deliverCallback(t, 'mtn_momo', tx.provider_reference);
    expect((await invoiceOf(invoice.id)).status).toBe('paid');
    expect((await txOf(tx.id)).needs_refund).toBe(false);
  });

  it('a success landing on an invoice closed in the meantime is flagged for a refund; the invoice stays closed', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const tx = (await initPayment(t, customer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK })).body.data;
    // The close that raced with the payment's start (read open, then the init was inserted).
    await t.db.rows(sql`UPDATE invoices SET status = 'closed', closed_at = now() WHERE id = ${invoice.id}`);
    await deliverCallback(t, 'mtn_momo', tx.provider_reference);
    expect(await txOf(tx.id)).toMatchObject({ status: 'succeeded', needs_refund: true });
    expect((await invoiceOf(invoice.id)).status).toBe('closed');
  });
});

describe('access rules of the payment routes', () => {
  it('401 signed out, 404 for another company or payer, 403 without permission, 422 on bad input', async () => {
    const invoice = await createOpenInvoice(t, owner, customer);
    const body = { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK };
    expect((await initPayment(t, null as never, 'invoice', body)).status).toBe(401);
    const stranger = await createCustomer(t);
    expect((await initPayment(t, stranger, 'invoice', body)).status).toBe(404);
    const otherOwner = (await createOwner(t, 'Autre Boutique')).session;
    expect((await initPayment(t, otherOwner, 'invoice', body)).status).toBe(404);
    const tx = (await initPayment(t, customer, 'invoice', body)).body.data;
    expect((await check(stranger, tx.id)).status).toBe(404);
    expect((await check(otherOwner, tx.id)).status).toBe(404);
    expect((await call(t, 'GET', `transactions/${tx.id}`, otherOwner)).status).toBe(404);
    expect((await call(t, 'GET', `transactions/${tx.id}`, owner)).status).toBe(200);
    const member = await createMember(t, (await call(t, 'GET', `invoices/${invoice.id}`, owner)).body.data.company_id);
    expect((await call(t, 'GET', 'transactions', member)).status).toBe(403);
    expect((await initPayment(t, member, 'package', { target_id: 1, provider: 'mtn_momo', phone: MTN_OK })).status).toBe(403);
    const bad = await initPayment(t, customer, 'invoice', { target_id: 'x', provider: 'visa', phone: '12' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('Opérateur attendu');
    // An unknown kind in the path names no route of this API: 404 (error-handler's rule for path params).
    expect((await call(t, 'POST', 'steps/transactions/cash/init', customer, body)).status).toBe(404);
    const listed = (await call(t, 'GET', 'transactions', owner)).body.data;
    expect(listed.every((row: any) => row.company_id === listed[0].company_id)).toBe(true);
  });
});

describe('without PAYMENT_EMULATORS', () => {
  it('mounts no emulator: operators without credentials are unavailable (503 in French on init)', async () => {
    const bare = await openCommerceApp({ PAYMENT_EMULATORS: 'false' });
    try {
      const providers = (await call(bare, 'GET', 'steps/transactions/providers', null)).body.data;
      expect(providers).toEqual([
        { name: 'mtn_momo', available: false, emulated: false },
        { name: 'orange_money', available: false, emulated: false },
      ]);
      expect((await fetch(`${bare.origin}/emulators/momo/collection/token/`, { method: 'POST' })).status).toBe(404);
      const payer = await createCustomer(bare);
      const ownerHere = (await createOwner(bare, 'Boutique Sans Émulateur')).session;
      const invoice = await createOpenInvoice(bare, ownerHere, payer);
      const init = await initPayment(bare, payer, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: MTN_OK });
      expect(init.status).toBe(503);
      expect(init.body.message).toContain('pas disponible');
    } finally {
      await bare.close();
    }
  });
});

describe('an operator that cannot be reached', () => {
  it('keeps the request reference, so the transaction can stay pending rather than fail blindly', async () => {
    const client = createMomoClient({ baseUrl: 'http://127.0.0.1:9', apiUser: 'u', apiKey: 'k', subscriptionKey: 's', targetEnvironment: 'sandbox' });
    const error = await client
      .requestPayment({ transactionId: 1, amount: 100, currency: 'XAF', phone: MTN_OK, description: 'x', callbackUrl: 'http://127.0.0.1:9/cb' })
      .catch((e: unknown) => e);
    // The token call fails first: nothing was sent yet, so no reference.
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(true);
    expect((error as ProviderError).reference).toBeUndefined();
  });
});
