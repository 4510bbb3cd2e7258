import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, invoices, subscriptions, users } from '../../../db/schema';
import { createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { call, createCustomer, createMember, createOpenInvoice, createOwner, deliverCallback, initPayment, openCommerceApp } from '../commerce.test-support';
import { currentPlan } from './limits';
import { overageOf } from './overage';
import { runRenewals } from './renewals';

// The renewal job driven by an explicit clock: `runRenewals(app, now)`; the grace period is 7 days.
let t: Awaited<ReturnType<typeof openCommerceApp>>;
let admin: Session;
let featureIds: Record<string, number>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await openCommerceApp({ LIMITS_ENFORCED: 'true', RENEWAL_GRACE_DAYS: '7' });
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  featureIds = Object.fromEntries((await call(t, 'GET', 'features', admin)).body.data.map((f: { slug: string; id: number }) => [f.slug, f.id]));
});
afterAll(() => t.close());

/** A monthly package of 10 000 XAF: 2 surveys, each one beyond costs 500 XAF (soft limit). */
async function soloPackage(price = 10_000, overage: number | null = 500) {
  const res = await call(t, 'POST', 'packages', admin, {
    slug: `solo-${randomUUID().slice(0, 8)}`,
    name: 'Solo',
    price,
    period: 'month',
    features: [
      { feature_id: featureIds.surveys, limit: 2, overage_price: overage },
      { feature_id: featureIds.agents, limit: 5, overage_price: null },
    ],
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: number };
}

/** A company subscribed to the package for a period that ends in an hour (real time). */
async function subscribedCompany(packageId: number, autoRenew = true) {
  const owner = await createOwner(t, `Abonnée ${randomUUID().slice(0, 6)}`);
  const endsAt = new Date(Date.now() + HOUR);
  const startsAt = new Date(endsAt.getTime() - 30 * DAY);
  const [sub] = await t.db.orm
    .insert(subscriptions)
    .values({ company_id: owner.company.id, package_id: packageId, status: 'active', starts_at: startsAt, ends_at: endsAt, auto_renew: autoRenew })
    .returning();
  return { ...owner, sub };
}

const renewalOf = async (id: number) => (await t.db.orm.select().from(subscriptions).where(eq(subscriptions.renews_id, id)))[0];
const platformInvoices = (companyId: number) => t.db.orm.select().from(invoices).where(and(eq(invoices.company_id, companyId), eq(invoices.from_platform, true)));

describe('overage and renewal', () => {
  it('bills the agents held beyond a priced limit, members only: a pending invitation holds a seat but is no agent', async () => {
    const res = await call(t, 'POST', 'packages', admin, {
      slug: `equipe-${randomUUID().slice(0, 8)}`,
      name: 'Équipe',
      price: 10_000,
      period: 'month',
      features: [{ feature_id: featureIds.agents, limit: 1, overage_price: 300 }],
    });
    expect(res.status).toBe(201);
    // A period far from its end: the renewal rounds of the other tests leave it alone.
    const { session, company } = await createOwner(t, `Équipe ${randomUUID().slice(0, 6)}`);
    const [sub] = await t.db.orm
      .insert(subscriptions)
      .values({ company_id: company.id, package_id: res.body.data.id, status: 'active', starts_at: new Date(Date.now() - DAY), ends_at: new Date(Date.now() + 20 * DAY), auto_renew: false })
      .returning();
    // A soft limit on a subscription: seats beyond it are allowed.
    for (let i = 1; i <= 3; i++) expect((await call(t, 'POST', 'invitations', session, { email: `e${i}-${company.id}@equipe.cm` })).status).toBe(201);
    await createMember(t, company.id);
    const usage = (await call(t, 'GET', 'features/usage', session)).body.data.usage.find((u: { slug: string }) => u.slug === 'agents');
    expect(usage).toMatchObject({ used: 5, limit: 1, pending_invitations: 3 });
    const period = { subscriptionId: sub.id, companyId: company.id, packageId: res.body.data.id, startsAt: sub.starts_at!, endsAt: sub.ends_at!, period: 'month' as const, currency: 'XAF', locale: 'fr' };
    expect(await overageOf(t.db, period)).toEqual([expect.objectContaining({ feature: 'agents', quantity: 1, unitPrice: 300, amount: 300 })]);
  });

  it('surveys beyond a priced limit are allowed on a subscription, then billed with the renewal, exactly once under concurrency', async () => {
    const pkg = await soloPackage();
    const { session, company, sub } = await subscribedCompany(pkg.id);
    for (let i = 1; i <= 5; i++) expect((await call(t, 'POST', 'surveys', session, { title: `Enquête ${i}` })).status).toBe(201);
    // The hard limit of the same package stays hard.
    for (let i = 1; i <= 4; i++) expect((await call(t, 'POST', 'invitations', session, { email: `a${i}-${company.id}@solo.cm` })).status).toBe(201);
    expect((await call(t, 'POST', 'invitations', session, { email: `a5-${company.id}@solo.cm` })).status).toBe(409);

    // Before the end nothing happens.
    expect((await runRenewals(t.app, new Date(sub.ends_at!.getTime() - 1000))).closed).toBe(0);
    const after = new Date(sub.ends_at!.getTime() + 60_000);
    const rounds = await Promise.all(Array.from({ length: 6 }, () => runRenewals(t.app, after)));
    // Six rounds at once: one closes the period and issues the invoice, the others find it closed.
    expect(rounds.reduce((n, r) => n + r.closed, 0)).toBe(1);
    expect(rounds.reduce((n, r) => n + r.invoiced, 0)).toBe(1);
    expect(await t.db.orm.select().from(subscriptions).where(eq(subscriptions.company_id, company.id))).toHaveLength(2);

    const renewal = await renewalOf(sub.id);
    expect(renewal).toMatchObject({ status: 'pending', package_id: pkg.id });
    expect(renewal.starts_at).toEqual(sub.ends_at);
    const overage = await t.db.orm.select().from(bills).where(and(eq(bills.company_id, company.id), eq(bills.kind, 'overage')));
    expect(overage).toHaveLength(1);
    expect(overage[0]).toMatchObject({ feature_slug: 'surveys', quantity: 3, unit_price: 500, amount: 1500, subscription_id: sub.id });
    // The overage line comes out in the company's bills export.
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/v2/bills/export/xlsx', headers: headersOf(session) });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const row = book.getWorksheet('Facturation')!.getRow(2);
    expect([row.getCell(3).value, row.getCell(5).value, row.getCell(6).value, row.getCell(7).value]).toEqual(['Dépassement', 3, 500, 1500]);
    expect(String(row.getCell(4).value)).toContain('Enquêtes');
    const [invoice, ...more] = await platformInvoices(company.id);
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({ status: 'open', subscription_id: renewal.id, subtotal: 11_500, customer_name: company.name });
    expect(invoice.total).toBe(11_500 + Math.floor((11_500 * 1925 + 5000) / 10_000));
    const shown = (await call(t, 'GET', `invoices/${invoice.id}`, session)).body.data;
    expect(shown.lines.map((l: { label: string; amount: number }) => l.amount)).toEqual([10_000, 1500]);
    expect(shown.lines[1].label).toContain('Dépassement Enquêtes (5 pour 2 inclus)');

    // Within the grace period the company keeps its package; after it, the renewal expires.
    const inGrace = await currentPlan(t.db, company.id, new Date(after.getTime() + 6 * DAY));
    expect([inGrace.packageId, inGrace.inGrace]).toEqual([pkg.id, true]);
    const expiry = new Date(sub.ends_at!.getTime() + 7 * DAY + 60_000);
    const [a, b] = await Promise.all([runRenewals(t.app, expiry), runRenewals(t.app, expiry)]);
    expect(a.expired + b.expired).toBe(1);
    expect((await renewalOf(sub.id)).status).toBe('expired');
    expect((await platformInvoices(company.id))[0].status).toBe('closed');
    expect((await currentPlan(t.db, company.id, expiry)).packageSlug).toBe('decouverte');
  });

  it('the renewal invoice paid by MTN MoMo starts the next period where the last ended; its fee is billed', async () => {
    const pkg = await soloPackage();
    const { session, company, sub } = await subscribedCompany(pkg.id);
    await runRenewals(t.app, new Date(sub.ends_at!.getTime() + 1000));
    const [invoice] = await platformInvoices(company.id);
    // The package route does not take a second payment while the renewal invoice is open.
    const viaPackage = await initPayment(t, session, 'package', { target_id: pkg.id, provider: 'mtn_momo', phone: '670000001' });
    expect(viaPackage.status).toBe(409);
    expect(viaPackage.body.message).toContain('Factures');

    const tx = (await initPayment(t, session, 'invoice', { target_id: invoice.id, provider: 'mtn_momo', phone: '670000001' })).body.data;
    await deliverCallback(t, 'mtn_momo', tx.provider_reference);
    await expect.poll(async () => (await renewalOf(sub.id)).status).toBe('active');
    const renewal = await renewalOf(sub.id);
    expect(renewal.starts_at).toEqual(sub.ends_at);
    expect(renewal.ends_at!.getTime()).toBeGreaterThan(sub.ends_at!.getTime() + 27 * DAY);
    const fee = await t.db.orm.select().from(bills).where(and(eq(bills.company_id, company.id), eq(bills.kind, 'package_fee')));
    expect(fee).toMatchObject([{ amount: 10_000, subscription_id: renewal.id, transaction_id: tx.id }]);
    expect((await call(t, 'GET', `invoices/${invoice.id}`, session)).body.data.status).toBe('paid');
    // Later rounds change nothing; the next period closes at its own end.
    const again = await runRenewals(t.app, new Date(sub.ends_at!.getTime() + 2 * DAY));
    expect(again).toEqual({ closed: 0, invoiced: 0, expired: 0 });
  });

  it('the company pays its platform invoice but may not mark it paid or close it; a platform admin may', async () => {
    const pkg = await soloPackage();
    const { session, company, sub } = await subscribedCompany(pkg.id);
    await runRenewals(t.app, new Date(sub.ends_at!.getTime() + 1000));
    const [invoice] = await platformInvoices(company.id);
    for (const action of ['pay', 'close', 'issue']) {
      const res = await call(t, 'POST', `invoices/${invoice.id}/${action}`, session);
      expect(res.status, action).toBe(403);
      expect(res.body.code).toBe('platform_invoice');
    }
    expect((await call(t, 'POST', `invoices/${invoice.id}`, session, { note: 'Offert' })).status).toBe(403);
    expect((await call(t, 'POST', `invoices/${invoice.id}/pay`, admin)).status).toBe(200);
    const renewal = await renewalOf(sub.id);
    expect(renewal.status).toBe('active');
    // The fee line bills the package price (the overage was billed when the period closed).
    const fee = await t.db.orm.select().from(bills).where(and(eq(bills.subscription_id, renewal.id), eq(bills.kind, 'package_fee')));
    expect(fee).toMatchObject([{ amount: 10_000, transaction_id: null }]);
  });

  it("platform invoices are numbered in the platform's book: the company's own numbers keep no gap", async () => {
    const pkg = await soloPackage();
    const first = await subscribedCompany(pkg.id);
    const second = await subscribedCompany(pkg.id);
    const customer = await createCustomer(t);
    const own = async () => (await createOpenInvoice(t, first.session, customer)).number as number;
    const before = await own();
    await runRenewals(t.app, new Date(Math.max(first.sub.ends_at!.getTime(), second.sub.ends_at!.getTime()) + 1000));
    const [a] = await platformInvoices(first.company.id);
    const [b] = await platformInvoices(second.company.id);
    // One book for the whole platform: two companies' renewals follow each other.
    expect(Math.abs(a.number - b.number)).toBe(1);
    expect(await own()).toBe(before + 1);
    const shown = (await call(t, 'GET', `invoices/${a.id}`, first.session)).body.data;
    expect(shown.from_platform).toBe(true);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/v2/invoices/${a.id}/download`, headers: headersOf(first.session) });
    expect(pdf.headers['content-disposition']).toContain(`facture-PF-${String(a.number).padStart(6, '0')}.pdf`);
  });

  it('renewal off: the period closes with its overage invoiced, and nothing follows; a free package renews with no invoice', async () => {
    const pkg = await soloPackage();
    const off = await subscribedCompany(pkg.id, false);
    for (let i = 1; i <= 3; i++) await call(t, 'POST', 'surveys', off.session, { title: `E${i}` });
    await runRenewals(t.app, new Date(off.sub.ends_at!.getTime() + 1000));
    expect(await renewalOf(off.sub.id)).toBeUndefined();
    const [overageOnly] = await platformInvoices(off.company.id);
    expect(overageOnly).toMatchObject({ subscription_id: null, subtotal: 500, status: 'open' });

    const free = await soloPackage(0, null);
    const onFree = await subscribedCompany(free.id);
    await runRenewals(t.app, new Date(onFree.sub.ends_at!.getTime() + 1000));
    expect((await renewalOf(onFree.sub.id)).status).toBe('active');
    expect(await platformInvoices(onFree.company.id)).toHaveLength(0);
  });

  it('without a subscription, a priced limit of the default package stays hard (no period to bill)', async () => {
    const packages = (await call(t, 'GET', 'packages', admin)).body.data;
    const free = packages.find((p: { slug: string }) => p.slug === 'decouverte');
    const bundle = free.features.map((f: { feature_id: number; slug: string; limit: number | null }) => ({
      feature_id: f.feature_id,
      limit: f.slug === 'surveys' ? 1 : f.limit,
      overage_price: f.slug === 'surveys' ? 100 : null,
    }));
    expect((await call(t, 'POST', `packages/${free.id}`, admin, { features: bundle })).status).toBe(200);
    const { session } = await createOwner(t, 'Sans abonnement SARL');
    expect((await call(t, 'POST', 'surveys', session, { title: 'Une' })).status).toBe(201);
    expect((await call(t, 'POST', 'surveys', session, { title: 'Deux' })).status).toBe(409);
    const restored = free.features.map((f: { feature_id: number; limit: number | null }) => ({ feature_id: f.feature_id, limit: f.limit }));
    expect((await call(t, 'POST', `packages/${free.id}`, admin, { features: restored })).status).toBe(200);
  });
});

describe('the platform’s invoice in the company’s language', () => {
  it('writes the platform’s invoice in the owner’s language: note and lines, fixed at issue', async () => {
    const pkg = await soloPackage();
    const { user, session, company, sub } = await subscribedCompany(pkg.id);
    await t.db.orm.update(users).set({ locale: 'en' }).where(eq(users.id, user.id));
    for (let i = 1; i <= 3; i++) expect((await call(t, 'POST', 'surveys', session, { title: `Survey ${i}` })).status).toBe(201);
    expect((await runRenewals(t.app, new Date(sub.ends_at!.getTime() + 60_000))).invoiced).toBe(1);
    const [invoice] = await platformInvoices(company.id);
    expect(invoice.note).toBe('Renewal of your package: pay this invoice before the due date to keep it.');
    const shown = (await call(t, 'GET', `invoices/${invoice.id}`, session)).body.data;
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect(shown.lines.map((l: { label: string }) => l.label)).toEqual([
      `Package Solo from ${day(sub.ends_at!)} to ${day((await renewalOf(sub.id)).ends_at!)}`,
      // The feature by its slug in the owner's language too (the catalogue names it in French).
      'Overage Surveys (3 for 2 included)',
    ]);
  });
});
