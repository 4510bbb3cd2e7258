import { and, eq, inArray, notExists, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { transactions } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { commerceText } from '../commerce.texts';
import type { RequestContext } from '../../../http/actor';

type Kind = 'invoice' | 'package' | 'booking';
const IN_FLIGHT: ('initiated' | 'pending')[] = ['initiated', 'pending'];

function openPayments(db: Database, kind: Kind, targetId: AnyPgColumn | number) {
  return db.orm
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.kind, kind), eq(transactions.target_id, targetId), inArray(transactions.status, IN_FLIGHT)));
}

/**
 * A condition for the UPDATE that closes, cancels or marks paid by hand an invoice or a
 * booking: no mobile-money payment of it is in flight (the payer may be approving it). A
 * payment started just after the move still lands: it is then flagged `needs_refund`.
 */
export function noPaymentInFlight(db: Database, kind: Kind, targetId: AnyPgColumn): SQL {
  return notExists(openPayments(db, kind, targetId));
}

/** 409 payment_in_progress while a payment of the target is initiated or pending. */
export async function assertNoPaymentInFlight({ db, locale }: Pick<RequestContext, 'db' | 'locale'>, kind: Kind, targetId: number): Promise<void> {
  const [open] = await openPayments(db, kind, targetId).limit(1);
  if (open) {
    throw conflict(commerceText(locale, 'paymentInFlight'), 'payment_in_progress');
  }
}
