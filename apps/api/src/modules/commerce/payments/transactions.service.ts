import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { operatorOfMobile, normalizeMobile } from '@app/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { bookings, invoices, packages, subscriptions, transactions } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { translateDbError } from '../../../http/db-errors';
import { AppError, conflict, notFound, validationFailed } from '../../../http/errors';
import { parseQueryObject, runListQuery } from '../../../http/query';
import { requireActor, requireCompany, requirePermission, tenantQuery } from '../../tenancy/companies/tenancy';
import { formatInvoiceNumber } from '@app/contracts/commerce';
import { commerceSettings } from '../settings';
import type { PaymentGateway } from './payment-gateway';
import { failureReason, failureReasonText } from './failure-reasons';
import { type PaymentOutcome, ProviderError } from './providers/provider';
import { settleTransaction, type TransactionRow } from './settlement';
import { transactionQueryDef } from './transactions.query';
import type { InitInput } from './transactions.schemas';
import { commerceText } from '../commerce.texts';

type Kind = TransactionRow['kind'];
interface Target {
  companyId: number;
  targetId: number;
  amount: number;
  currency: string;
  /** What the payer's phone shows (the operator's payer message), in the payer's language. */
  description: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What is being paid, checked for this payer: an open invoice, a package, an unpaid booking. */
async function resolveTarget(ctx: RequestContext, kind: Kind, targetId: number): Promise<Target> {
  const actor = requireActor(ctx);
  if (kind === 'invoice') {
    const [invoice] = await ctx.db.orm.select().from(invoices).where(eq(invoices.id, targetId));
    const payer =
      invoice &&
      (invoice.customer_user_id === actor.userId ||
        (actor.companyId === invoice.company_id && hasPermission(actor, 'transactions.init')));
    if (!invoice || !payer || invoice.status === 'draft') throw notFound();
    if (invoice.status !== 'open') throw conflict(commerceText(ctx.locale, 'invoiceNotPayable'), 'invoice_not_open');
    return { companyId: invoice.company_id, targetId, amount: invoice.total, currency: invoice.currency, description: commerceText(ctx.locale, 'payForInvoice', { code: invoice.code }) };
  }
  if (kind === 'package') {
    requirePermission(ctx, 'packages.subscribe');
    const { companyId } = requireCompany(ctx);
    const [pkg] = await ctx.db.orm.select().from(packages).where(and(eq(packages.id, targetId), eq(packages.active, true)));
    if (!pkg) throw notFound();
    if (pkg.price <= 0) throw validationFailed({ target_id: [commerceText(ctx.locale, 'freePackage')] });
    // A renewal of this package waits for its invoice (fee and overage): that is what to pay.
    const [renewalInvoice] = await ctx.db.orm
      .select({ number: invoices.number })
      .from(invoices)
      .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscription_id))
      .where(and(eq(invoices.company_id, companyId), eq(invoices.status, 'open'), eq(subscriptions.package_id, pkg.id), eq(subscriptions.status, 'pending')));
    if (renewalInvoice) {
      throw conflict(commerceText(ctx.locale, 'renewalInvoiceOpen', { number: formatInvoiceNumber(renewalInvoice) }), 'renewal_invoice_open');
    }
    // One pending subscription per package and company, reused by later attempts.
    const [pending] = await ctx.db.orm
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.company_id, companyId), eq(subscriptions.package_id, pkg.id), eq(subscriptions.status, 'pending'), isNull(subscriptions.renews_id)));
    const subscriptionId =
      pending?.id ??
      (await ctx.db.orm.insert(subscriptions).values({ company_id: companyId, package_id: pkg.id }).returning({ id: subscriptions.id }))[0].id;
    return { companyId, targetId: subscriptionId, amount: pkg.price, currency: pkg.currency, description: commerceText(ctx.locale, 'payForPackage', { name: pkg.name }) };
  }
  const [booking] = await ctx.db.orm.select().from(bookings).where(eq(bookings.id, targetId));
  if (!booking || booking.customer_user_id !== actor.userId) throw notFound();
  if (booking.status === 'cancelled' || booking.paid_at) throw conflict(commerceText(ctx.locale, 'bookingNotPayable'), 'booking_not_payable');
  return { companyId: booking.company_id, targetId, amount: booking.amount, currency: booking.currency, description: commerceText(ctx.locale, 'payForBooking', { id: booking.id }) };
}

/** The transaction as the API shows it (never the callback secret). */
/** The row as callers see it: no callback secret nor operator data, the failure reason in their language. */
export function showTransaction(row: TransactionRow, locale: string) {
  const { callback_secret_hash: _secret, provider_data: _data, ...visible } = row;
  return { ...visible, failure_reason: failureReasonText(row.failure_reason, locale) };
}

async function findTransaction(ctx: RequestContext, id: number) {
  const [row] = await ctx.db.orm.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

/** The caller's transaction: its payer, the company's agents (permission), a platform admin; else 404. */
async function visibleTransaction(ctx: RequestContext, id: number, slug: string): Promise<TransactionRow> {
  const actor = requireActor(ctx);
  const row = await findTransaction(ctx, id);
  const visible =
    row &&
    (row.created_by === actor.userId ||
      actor.type === 'admin' ||
      (actor.companyId === row.company_id && hasPermission(actor, slug)));
  if (!row || !visible) throw notFound();
  return row;
}

/**
 * POST steps/transactions/{kind}/init: asks the payer's operator for the amount. Idempotent
 * by (payer, client_key): the same key gives back the same transaction and sends nothing.
 */
export async function initTransaction(ctx: RequestContext, gateway: PaymentGateway, kind: Kind, input: InitInput) {
  const actor = requireActor(ctx);
  const phone = normalizeMobile(input.phone);
  if (!phone) throw validationFailed({ phone: [commerceText(ctx.locale, 'invalidMobile')] });
  if (operatorOfMobile(phone) !== input.provider) {
    throw validationFailed({ phone: [commerceText(ctx.locale, 'wrongOperator')] });
  }
  const [replay] = await ctx.db.orm
    .select()
    .from(transactions)
    .where(and(eq(transactions.created_by, actor.userId), eq(transactions.client_key, input.client_key)));
  if (replay) return sameRequest(replay, kind, ctx.locale);
  const target = await resolveTarget(ctx, kind, input.target_id);
  const provider = gateway.provider(input.provider);
  if (!provider) throw new AppError(503, 'provider_unavailable', commerceText(ctx.locale, 'providerUnavailable'));

  const secret = randomBytes(24).toString('base64url');
  const inserted = await ctx.db.orm
    .insert(transactions)
    .values({
      company_id: target.companyId,
      kind,
      target_id: target.targetId,
      provider: input.provider,
      payer_phone: phone,
      amount: target.amount,
      currency: target.currency,
      client_key: input.client_key,
      callback_secret_hash: sha256(secret),
      expires_at: new Date(Date.now() + commerceSettings().paymentExpiryMs),
      created_by: actor.userId,
    })
    .onConflictDoNothing({ target: [transactions.created_by, transactions.client_key] })
    .returning()
    .catch((error) => {
      const translated = translateDbError(error);
      if (translated instanceof AppError && translated.code === 'duplicate') {
        throw conflict(commerceText(ctx.locale, 'paymentPending'), 'payment_in_progress');
      }
      throw translated;
    });
  if (inserted.length === 0) {
    // A concurrent init with the same key won the insert: answer with its transaction.
    const [winner] = await ctx.db.orm
      .select()
      .from(transactions)
      .where(and(eq(transactions.created_by, actor.userId), eq(transactions.client_key, input.client_key)));
    return sameRequest(winner, kind, ctx.locale);
  }
  const row = inserted[0];
  const callbackUrl = `${gateway.callbackBase()}/api/v2/steps/transactions/callbacks/${row.id}/${secret}`;
  try {
    const started = await provider.requestPayment({
      transactionId: row.id,
      amount: row.amount,
      currency: row.currency,
      phone,
      description: target.description,
      callbackUrl,
    });
    const [pending] = await ctx.db.orm
      .update(transactions)
      .set({ status: 'pending', provider_reference: started.reference, provider_data: started.data ?? null, updated_at: new Date() })
      .where(and(eq(transactions.id, row.id), eq(transactions.status, 'initiated')))
      .returning();
    return showTransaction(pending ?? (await findTransaction(ctx, row.id))!, ctx.locale);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.retryable && error.reference) {
      // The request may have reached the operator (timeout, cut, 5xx after sending): the payer
      // may approve it, so it stays open under its reference and poll, callback or expiry decide.
      // Retryable without a reference means nothing was sent (token or Orange init failed).
      const [pending] = await ctx.db.orm
        .update(transactions)
        .set({ status: 'pending', provider_reference: error.reference, updated_at: new Date() })
        .where(and(eq(transactions.id, row.id), eq(transactions.status, 'initiated')))
        .returning();
      return showTransaction(pending ?? (await findTransaction(ctx, row.id))!, ctx.locale);
    }
    const failed = await settleTransaction(ctx.db, row.id, { status: 'failed', reason: error.retryable ? failureReason('operator_unreachable') : failureReason('request_refused', error.detail) }, 'poll');
    return showTransaction(failed ?? (await findTransaction(ctx, row.id))!, ctx.locale);
  }
}

function sameRequest(row: TransactionRow, kind: Kind, locale: string) {
  if (row.kind !== kind) throw conflict(commerceText(locale, 'clientKeyReused'), 'client_key_reused');
  return showTransaction(row, locale);
}

/**
 * POST steps/transactions/{kind}/check: the transaction's state; while it is open, asks the
 * operator (poll) or expires it when its time is over. An expired one (the operator could
 * not be asked in time) is asked again: a success it reports now is still applied, or
 * flagged for a refund (settlement.ts). Applies an outcome at most once.
 */
export async function checkTransaction(ctx: RequestContext, gateway: PaymentGateway, kind: Kind, id: number) {
  const row = await visibleTransaction(ctx, id, 'transactions.check');
  if (row.kind !== kind) throw notFound();
  if (row.status === 'expired') await pollOperator(ctx.db, gateway, row);
  if (row.status !== 'initiated' && row.status !== 'pending') return showTransaction((await findTransaction(ctx, row.id))!, ctx.locale);
  if (row.expires_at.getTime() <= Date.now()) await settleOverdue(ctx.db, gateway, row);
  else if (row.status === 'pending') await pollOperator(ctx.db, gateway, row);
  return showTransaction((await findTransaction(ctx, row.id))!, ctx.locale);
}

/** Asks the operator for the request's status and applies a final answer; unreachable: nothing changes. */
async function pollOperator(db: RequestContext['db'], gateway: PaymentGateway, row: TransactionRow) {
  const provider = gateway.provider(row.provider);
  if (!provider || !row.provider_reference) return;
  try {
    const outcome = await provider.fetchStatus(row.provider_reference, row.provider_data ?? null);
    // An expired row only takes a success (settleTransaction ignores anything else for it).
    if (outcome.status !== 'pending') await settleTransaction(db, row.id, outcome, 'poll');
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // The operator is unreachable now: a later check or the callback decides.
  }
}

/** The operator's last word on an overdue transaction (pending when it cannot be asked). */
export function lastLookOf(gateway: PaymentGateway) {
  return async (row: TransactionRow): Promise<PaymentOutcome> => {
    const provider = gateway.provider(row.provider);
    if (!provider || !row.provider_reference) return { status: 'pending' };
    return provider.fetchStatus(row.provider_reference, row.provider_data ?? null);
  };
}

/** Settles one overdue transaction: the operator's final answer if it has one, else expired. */
async function settleOverdue(db: RequestContext['db'], gateway: PaymentGateway, row: TransactionRow) {
  const outcome = await lastLookOf(gateway)(row).catch((): PaymentOutcome => ({ status: 'pending' }));
  if (outcome.status === 'pending') await settleTransaction(db, row.id, { status: 'expired' }, 'expiry');
  else await settleTransaction(db, row.id, outcome, 'poll');
}

/**
 * An operator's callback at /steps/transactions/callbacks/{id}/{secret}: refused (404, so a
 * forger learns nothing) unless the secret is the transaction's and the body names it.
 */
export async function receiveCallback(ctx: RequestContext, gateway: PaymentGateway, id: number, secret: string, body: unknown) {
  const row = await findTransaction(ctx, id);
  const expected = row ? Buffer.from(row.callback_secret_hash, 'hex') : Buffer.alloc(32);
  const given = createHash('sha256').update(secret).digest();
  if (!row || !timingSafeEqual(expected, given)) throw notFound();
  const parsed = gateway.provider(row.provider)?.parseCallback(body);
  if (!parsed) throw validationFailed({ body: [commerceText(ctx.locale, 'callbackUnreadable')] });
  if (parsed.transactionId !== undefined && parsed.transactionId !== String(row.id)) throw notFound();
  if (parsed.reference !== undefined && parsed.reference !== row.provider_reference) throw notFound();
  if (parsed.outcome.status === 'pending') return { applied: false };
  const settled = await settleTransaction(ctx.db, row.id, parsed.outcome, 'callback');
  return { applied: settled !== null };
}

export async function listTransactions(ctx: RequestContext, rawQuery: unknown) {
  requirePermission(ctx, 'transactions.list');
  const { def, scope } = tenantQuery(ctx, transactionQueryDef);
  const page = await runListQuery(ctx.db, def, parseQueryObject(rawQuery, def), scope);
  // The reasons are stored as codes: each row's is written in the reader's language.
  for (const row of page.rows as Record<string, unknown>[]) {
    if (typeof row.failure_reason === 'string') row.failure_reason = failureReasonText(row.failure_reason, ctx.locale);
  }
  return page;
}

export async function getTransaction(ctx: RequestContext, id: number) {
  return showTransaction(await visibleTransaction(ctx, id, 'transactions.show'), ctx.locale);
}
