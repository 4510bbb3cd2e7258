import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { bills, packages, subscriptions } from '../../../db/schema';
import { ownerLocale } from './owner-locale';
import { platformBillingText } from './platform-billing.texts';

/** The period after `from`: one month or one year. */
export function periodEnd(from: Date, period: 'month' | 'year'): Date {
  const end = new Date(from);
  if (period === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

export interface SubscriptionPayment {
  /** What the package fee line bills; absent: the package price (a renewal invoice's overage lines are billed already). */
  amount?: number;
  currency: string;
  /** The mobile-money transaction, when the payment came through one. */
  transactionId: number | null;
}

/**
 * A pending subscription is paid: it becomes active and its fee is billed, in the caller's
 * transaction and at most once (conditional UPDATE). A renewal keeps the period written
 * when it was issued (it follows the previous one without a gap, even paid during the
 * grace period); a new subscription starts when the company's current one ends, else now.
 * False when it no longer waits for a payment (already paid, expired, cancelled).
 */
export async function activateSubscription(tx: Database, subscriptionId: number, payment: SubscriptionPayment): Promise<boolean> {
  const [sub] = await tx.orm.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (sub?.status !== 'pending') return false;
  const [pkg] = await tx.orm.select().from(packages).where(eq(packages.id, sub.package_id));
  let startsAt: Date;
  let endsAt: Date;
  if (sub.renews_id !== null && sub.starts_at && sub.ends_at) {
    [startsAt, endsAt] = [sub.starts_at, sub.ends_at];
  } else {
    const [{ until }] = await tx.rows<{ until: Date | null }>(sql`
      SELECT max(ends_at) AS until FROM subscriptions
      WHERE company_id = ${sub.company_id} AND status = 'active' AND ends_at > now()`);
    startsAt = until ? new Date(until) : new Date();
    endsAt = periodEnd(startsAt, pkg.period);
  }
  const [activated] = await tx.orm
    .update(subscriptions)
    .set({ status: 'active', starts_at: startsAt, ends_at: endsAt, updated_at: new Date() })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, 'pending')))
    .returning({ id: subscriptions.id });
  if (!activated) return false;
  await tx.orm.insert(bills).values({
    company_id: sub.company_id,
    kind: 'package_fee',
    label: platformBillingText(await ownerLocale(tx, sub.company_id), 'packageLine', { name: pkg.name }),
    quantity: 1,
    unit_price: payment.amount ?? pkg.price,
    amount: payment.amount ?? pkg.price,
    currency: payment.currency,
    period_start: startsAt,
    period_end: endsAt,
    transaction_id: payment.transactionId,
    subscription_id: sub.id,
  });
  return true;
}
