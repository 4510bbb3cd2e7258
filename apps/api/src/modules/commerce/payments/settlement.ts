import { and, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { bookings, invoices, transactions } from '../../../db/schema';
import { activateSubscription } from '../entitlements/subscriptions';
import { failureReason } from './failure-reasons';
import type { PaymentOutcome } from './providers/provider';

export type TransactionRow = typeof transactions.$inferSelect;

/** Told, after the commit, of every success applied to its target (invoice paid, package started, booking paid). */
export type SettlementListener = (settled: TransactionRow, db: Database) => void;
const listeners = new Set<SettlementListener>();

/** Registers a listener (the commerce module publishes `invoice.paid`); returns the unregistration. */
export function onSuccessApplied(listener: SettlementListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const OPEN: TransactionRow['status'][] = ['initiated', 'pending'];

/**
 * What a succeeded payment does, in the transaction that settles it (so exactly once).
 * False when the target no longer expects this payment (paid by another transaction or by
 * hand, closed, cancelled): the money was taken anyway, so the caller flags a refund.
 */
async function applySuccess(tx: Database, transaction: TransactionRow, now: Date): Promise<boolean> {
  if (transaction.kind === 'invoice') {
    const [paid] = await tx.orm
      .update(invoices)
      .set({ status: 'paid', paid_at: now, updated_at: now })
      .where(and(eq(invoices.id, transaction.target_id), eq(invoices.status, 'open')))
      .returning({ id: invoices.id, subscription_id: invoices.subscription_id });
    if (!paid) return false;
    // A renewal invoice paid: its subscription starts (the fee line bills the package price).
    if (paid.subscription_id !== null) await activateSubscription(tx, paid.subscription_id, { currency: transaction.currency, transactionId: transaction.id });
    return true;
  }
  if (transaction.kind === 'package') {
    return activateSubscription(tx, transaction.target_id, { amount: transaction.amount, currency: transaction.currency, transactionId: transaction.id });
  }
  const paid = await tx.orm
    .update(bookings)
    .set({ paid_at: now, updated_at: now })
    .where(and(eq(bookings.id, transaction.target_id), isNull(bookings.paid_at), ne(bookings.status, 'cancelled')))
    .returning({ id: bookings.id });
  return paid.length > 0;
}

/**
 * Applies an outcome learnt by callback, poll or expiry. The conditional UPDATE lets exactly
 * one of several concurrent reports win; the others change nothing and get null. An open
 * transaction takes any outcome; an expired or failed one still takes a success (the
 * operator's last look may have failed while the payer approved): money taken is never
 * ignored. A success marks the invoice paid, starts the package or marks the booking paid
 * in the same database transaction, or, when the target no longer expects it, flags the
 * transaction `needs_refund`.
 */
export async function settleTransaction(
  db: Database,
  id: number,
  outcome: Exclude<PaymentOutcome, { status: 'pending' }> | { status: 'expired' },
  by: 'callback' | 'poll' | 'expiry',
): Promise<TransactionRow | null> {
  const settled = await db.transaction(async (tx) => {
    const now = new Date();
    const settleable = inArray(transactions.status, outcome.status === 'succeeded' ? [...OPEN, 'expired', 'failed'] : OPEN);
    const [settled] = await tx.orm
      .update(transactions)
      .set({
        status: outcome.status,
        failure_reason: outcome.status === 'failed' ? outcome.reason : outcome.status === 'expired' ? failureReason('payer_timeout') : null,
        settled_by: by,
        settled_at: now,
        updated_at: now,
      })
      .where(and(eq(transactions.id, id), settleable))
      .returning();
    if (!settled) return null;
    if (settled.status !== 'succeeded' || (await applySuccess(tx, settled, now))) return settled;
    const [flagged] = await tx.orm.update(transactions).set({ needs_refund: true }).where(eq(transactions.id, id)).returning();
    return flagged;
  });
  if (settled?.status === 'succeeded' && !settled.needs_refund) for (const listener of listeners) listener(settled, db);
  return settled;
}

/**
 * Settles every open transaction past its expiry: the operator is asked one last time (a
 * payer may have approved at the last moment), and what is still unanswered expires.
 */
export async function expireOverdue(
  db: Database,
  lastLook: (row: TransactionRow) => Promise<PaymentOutcome> = async () => ({ status: 'pending' }),
  now = new Date(),
): Promise<number> {
  const overdue = await db.orm
    .select()
    .from(transactions)
    .where(and(inArray(transactions.status, OPEN), lt(transactions.expires_at, now)))
    .limit(500);
  let count = 0;
  for (const row of overdue) {
    const outcome = await lastLook(row).catch((): PaymentOutcome => ({ status: 'pending' }));
    const settled =
      outcome.status === 'pending'
        ? await settleTransaction(db, row.id, { status: 'expired' }, 'expiry')
        : await settleTransaction(db, row.id, outcome, 'poll');
    if (settled) count++;
  }
  return count;
}
