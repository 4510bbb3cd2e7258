import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { companies, invoices, packages, subscriptions } from '../../../db/schema';
import type { EventBus } from '../../../events/event-bus';
import { publishInvoiceEvent } from '../invoices/invoice-events';
import type { InvoiceRow } from '../invoices/invoices.repository';
import { newInvoiceCode, replaceLines, takePlatformInvoiceNumber } from '../invoices/invoices.repository';
import { invoiceTotals } from '../invoices/invoices.schemas';
import { commerceSettings } from '../settings';
import { billOverage, type ClosingPeriod, type OverageLine, overageOf } from './overage';
import { ownerLocale } from './owner-locale';
import { platformBillingText } from './platform-billing.texts';
import { periodEnd } from './subscriptions';

const BATCH = 200;
const day = (d: Date) => d.toISOString().slice(0, 10);

interface Deps {
  db: Database;
  events: EventBus;
}

/**
 * The platform's invoice to the company for the new period (package fee) and the overage
 * of the one that ended, shown with the company's invoices (`from_platform`) but numbered in
 * the platform's own book, open, due at the end of the grace period. Written in the closing transaction.
 */
async function issuePlatformInvoice(
  tx: Database,
  period: ClosingPeriod,
  fee: { label: string; price: number } | null,
  overage: OverageLine[],
  renewal: { id: number; dueAt: Date } | null,
  now: Date,
): Promise<InvoiceRow> {
  const [company] = await tx.orm.select({ name: companies.name, email: companies.email }).from(companies).where(eq(companies.id, period.companyId));
  const lines = [
    ...(fee ? [{ label: fee.label, quantity: 1, unit_price: fee.price }] : []),
    ...overage.map((o) => ({ label: o.label, quantity: o.quantity, unit_price: o.unitPrice })),
  ];
  const settings = commerceSettings();
  const [invoice] = await tx.orm
    .insert(invoices)
    .values({
      company_id: period.companyId,
      number: await takePlatformInvoiceNumber(tx),
      code: newInvoiceCode(),
      customer_name: company?.name ?? platformBillingText(period.locale, 'unnamedCompany'),
      customer_email: company?.email ?? null,
      currency: period.currency,
      tax_rate_bp: settings.vatRateBp,
      ...invoiceTotals(lines, settings.vatRateBp),
      status: 'open',
      issued_at: now,
      due_at: renewal?.dueAt ?? new Date(now.getTime() + settings.renewalGraceMs),
      note: platformBillingText(period.locale, renewal ? 'renewalNote' : 'overageNote'),
      from_platform: true,
      subscription_id: renewal?.id ?? null,
    })
    .returning();
  await replaceLines(tx, invoice.id, lines);
  return invoice;
}

/**
 * Closes one ended period, exactly once (the conditional UPDATE on `period_closed_at`
 * lets one process or round win; `renews_id` is unique besides): bills its overage, then,
 * with renewal on and the package still offered, writes the next period's subscription
 * (active at once when there is nothing to pay, else pending with its invoice).
 */
async function closePeriod(db: Database, subscriptionId: number, now: Date): Promise<{ invoice: InvoiceRow | null } | null> {
  return db.transaction(async (tx) => {
    const invoice = await closeClaimed(tx, subscriptionId, now);
    return invoice === undefined ? null : { invoice };
  });
}

/** undefined: another round closed it first. */
async function closeClaimed(tx: Database, subscriptionId: number, now: Date): Promise<InvoiceRow | null | undefined> {
    const [claimed] = await tx.orm
      .update(subscriptions)
      .set({ period_closed_at: now, updated_at: now })
      .where(and(eq(subscriptions.id, subscriptionId), isNull(subscriptions.period_closed_at), eq(subscriptions.status, 'active')))
      .returning();
    if (!claimed) return undefined;
    if (!claimed.starts_at || !claimed.ends_at) return null;
    const [pkg] = await tx.orm.select().from(packages).where(eq(packages.id, claimed.package_id));
    const period: ClosingPeriod = {
      subscriptionId: claimed.id,
      companyId: claimed.company_id,
      packageId: pkg.id,
      startsAt: claimed.starts_at,
      endsAt: claimed.ends_at,
      period: pkg.period,
      currency: pkg.currency,
      locale: await ownerLocale(tx, claimed.company_id),
    };
    const overage = await overageOf(tx, period);
    await billOverage(tx, period, overage);
    const renews = claimed.auto_renew && pkg.active;
    if (!renews) return overage.length ? issuePlatformInvoice(tx, period, null, overage, null, now) : null;
    const startsAt = claimed.ends_at;
    const endsAt = periodEnd(startsAt, pkg.period);
    const nothingToPay = pkg.price === 0 && overage.length === 0;
    const [renewal] = await tx.orm
      .insert(subscriptions)
      .values({
        company_id: claimed.company_id,
        package_id: pkg.id,
        status: nothingToPay ? 'active' : 'pending',
        starts_at: startsAt,
        ends_at: endsAt,
        auto_renew: true,
        renews_id: claimed.id,
      })
      .onConflictDoNothing()
      .returning({ id: subscriptions.id });
    if (!renewal || nothingToPay) return null;
    const fee = { label: platformBillingText(period.locale, 'packageFee', { name: pkg.name, from: day(startsAt), to: day(endsAt) }), price: pkg.price };
    const dueAt = new Date(startsAt.getTime() + commerceSettings().renewalGraceMs);
    return issuePlatformInvoice(tx, period, fee, overage, { id: renewal.id, dueAt }, now);
}

/**
 * A renewal still unpaid at the end of its grace period expires, and its invoice is
 * closed; the company is then on the default package. Skipped while a payment of it is in
 * flight (the payer may be approving it: the next round decides).
 */
async function expireRenewal(db: Database, subscriptionId: number, now: Date): Promise<InvoiceRow[] | null> {
  return db.transaction(async (tx) => {
    const [expired] = await tx.orm
      .update(subscriptions)
      .set({ status: 'expired', updated_at: now })
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.status, 'pending'),
          sql`NOT EXISTS (SELECT 1 FROM transactions t WHERE t.status IN ('initiated', 'pending') AND (
                (t.kind = 'package' AND t.target_id = ${subscriptionId}) OR
                (t.kind = 'invoice' AND t.target_id IN (SELECT i.id FROM invoices i WHERE i.subscription_id = ${subscriptionId}))))`,
        ),
      )
      .returning({ id: subscriptions.id });
    if (!expired) return null;
    return tx.orm
      .update(invoices)
      .set({ status: 'closed', closed_at: now, updated_at: now })
      .where(and(eq(invoices.subscription_id, subscriptionId), eq(invoices.status, 'open')))
      .returning();
  });
}

/**
 * One round of the renewal job (ARCHITECTURE.md "Commerce: renewals"): closes every period
 * ended by `now` and expires the renewals unpaid past the grace period. `now` is a
 * parameter so tests drive the clock. Safe to run in several processes at once.
 */
export async function runRenewals(deps: Deps, now = new Date()): Promise<{ closed: number; invoiced: number; expired: number }> {
  const result = { closed: 0, invoiced: 0, expired: 0 };
  const due = await deps.db.orm
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), isNull(subscriptions.period_closed_at), lte(subscriptions.ends_at, now)))
    .orderBy(asc(subscriptions.ends_at))
    .limit(BATCH);
  for (const { id } of due) {
    const closed = await closePeriod(deps.db, id, now);
    if (!closed) continue;
    result.closed++;
    if (closed.invoice) {
      result.invoiced++;
      await publishInvoiceEvent(deps, 'invoice.created', closed.invoice);
    }
  }
  const graceStart = new Date(now.getTime() - commerceSettings().renewalGraceMs);
  const stale = await deps.db.orm
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'pending'), isNotNull(subscriptions.renews_id), lte(subscriptions.starts_at, graceStart)))
    .limit(BATCH);
  for (const { id } of stale) {
    const closed = await expireRenewal(deps.db, id, now);
    if (closed === null) continue;
    result.expired++;
    for (const invoice of closed) await publishInvoiceEvent(deps, 'invoice.closed', invoice);
  }
  return result;
}
