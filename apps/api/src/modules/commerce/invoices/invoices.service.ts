import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { companies, invoices, subscriptions, } from '../../../db/schema';
import { activateSubscription } from '../entitlements/subscriptions';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, forbidden, notFound, validationFailed } from '../../../http/errors';
import { getOne, parseQueryObject, type ResourceQueryDef, runListQuery } from '../../../http/query';
import { fixedFilter } from '../../surveys/surveys/query-filters';
import { includesOf, ownRowsVariant, requireActor, requireCompany, requirePermission, tenantQuery } from '../../tenancy/companies/tenancy';
import { assertNoPaymentInFlight, noPaymentInFlight } from '../payments/in-flight';
import { commerceSettings } from '../settings';
import { resolveAddressee } from './invoice-addressee';
import { publishInvoiceEvent } from './invoice-events';
import { findInvoice, type InvoiceRow, linesOf, moveInvoice, newInvoiceCode, replaceLines, takeInvoiceNumber } from './invoices.repository';
import { invoiceQueryDef } from './invoices.query';
import { type CreateInvoiceInput, invoiceTotals, MAX_INVOICE_AMOUNT, maxAmountText, type UpdateInvoiceInput } from './invoices.schemas';
import { commerceText } from '../commerce.texts';

type Row = Record<string, unknown>;
let customerVariant: ResourceQueryDef | null = null;
/** A customer's view: their invoices whatever the company, drafts excluded. */
const customerDef = (): ResourceQueryDef =>
  (customerVariant ??= { ...ownRowsVariant(invoiceQueryDef, ['lines']), rowFilter: (alias) => sql.raw(`"${alias}".status <> 'draft'`) });

/** Whether the caller may see this invoice: its company's agents (permission), its customer, a platform admin. */
function canRead(ctx: RequestContext, invoice: InvoiceRow): boolean {
  const actor = ctx.actor!;
  if (actor.type === 'admin') return true;
  if (invoice.customer_user_id === actor.userId && invoice.status !== 'draft') return true;
  return actor.companyId === invoice.company_id && hasPermission(actor, 'invoices.show');
}

/** The invoice the caller may read, or 404 (another company's invoice does not exist for them). */
export async function readableInvoice(ctx: RequestContext, id: number): Promise<InvoiceRow> {
  requireActor(ctx);
  const invoice = await findInvoice(ctx.db, id);
  if (!invoice || !canRead(ctx, invoice)) throw notFound();
  return invoice;
}

/** An invoice of the active company for a write needing `slug`, or 404/403. */
async function ownInvoice(ctx: RequestContext, id: number, slug: string): Promise<InvoiceRow> {
  requirePermission(ctx, slug);
  const actor = requireActor(ctx);
  const invoice = await findInvoice(ctx.db, id);
  const mine = invoice && (actor.companyId === invoice.company_id || (actor.type === 'admin' && actor.companyId == null));
  if (!invoice || !mine) throw notFound();
  // The platform's invoice to the company (renewal, overage): the company pays it, only the platform changes it.
  if (invoice.from_platform && actor.type !== 'admin') {
    throw forbidden(commerceText(ctx.locale, 'platformInvoice'), 'platform_invoice');
  }
  return invoice;
}

/** The invoice with its lines, as the API shows it. */
export async function showInvoice(ctx: RequestContext, invoice: InvoiceRow): Promise<Row> {
  const row: Row = { ...invoice, lines: await linesOf(ctx.db, invoice.id) };
  await withIssuers(ctx.db, [row]);
  return row;
}

export async function listInvoices(ctx: RequestContext, rawQuery: unknown) {
  const actor = requireActor(ctx);
  // A customer without company: the invoices addressed to them (as `invoices/mine`).
  if (actor.companyId == null && actor.type !== 'admin') return listMyInvoices(ctx, rawQuery);
  requirePermission(ctx, 'invoices.list');
  const { def, scope } = tenantQuery(ctx, invoiceQueryDef);
  return runListQuery(ctx.db, def, parseQueryObject(rawQuery, def), scope);
}

/**
 * GET invoices/mine: the invoices addressed to the caller as a person, whatever company
 * they act for (an owner, a partner or a customer who joined a company keeps them: what a
 * person owns as a customer never depends on their memberships), drafts excluded, each
 * with the company that issued it.
 */
export async function listMyInvoices(ctx: RequestContext, rawQuery: unknown) {
  const actor = requireActor(ctx);
  const def = customerDef();
  const query = parseQueryObject(rawQuery, def);
  query.filterGroups.push(fixedFilter(def, 'customer_user_id', actor.userId));
  const list = await runListQuery(ctx.db, def, query, { companyId: null });
  if (!query.groupBy) await withIssuers(ctx.db, list.rows);
  return list;
}

/** Adds `company: {id, name, code}` (the issuer) to invoice rows, in one statement. */
async function withIssuers(db: Database, rows: Row[]): Promise<void> {
  const ids = [...new Set(rows.map((r) => r.company_id).filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return;
  const found = await db.orm.select({ id: companies.id, name: companies.name, code: companies.code }).from(companies).where(inArray(companies.id, ids));
  const byId = new Map(found.map((c) => [c.id, c]));
  for (const row of rows) row.company = byId.get(row.company_id as number) ?? null;
}

export async function getInvoice(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  const invoice = await readableInvoice(ctx, id);
  if (!rawQuery || Object.keys(rawQuery as object).length === 0) return showInvoice(ctx, invoice);
  const def = globalOrOwn(ctx, invoice);
  const row = await getOne(ctx.db, def, id, { companyId: null }, includesOf(rawQuery, def));
  if (!row) return showInvoice(ctx, invoice);
  await withIssuers(ctx.db, [row]);
  return row;
}

function globalOrOwn(ctx: RequestContext, invoice: InvoiceRow) {
  return invoice.customer_user_id === ctx.actor?.userId ? customerDef() : tenantQuery(ctx, invoiceQueryDef).def;
}

/**
 * The totals of an invoice a caller writes, refused (422 on `lines`) when the total with
 * VAT goes over the bound: the schema bounds the subtotal, only here is the rate known.
 */
function checkedInvoiceTotals(lines: Array<{ quantity: number; unit_price: number }>, taxRateBp: number, locale: string) {
  const totals = invoiceTotals(lines, taxRateBp);
  if (totals.total > MAX_INVOICE_AMOUNT) {
    throw validationFailed(
      { lines: [commerceText(locale, 'invoiceTotalMax', { max: maxAmountText })] },
      commerceText(locale, 'invoiceTooHigh'),
    );
  }
  return totals;
}

/** Creates a numbered invoice of the active company (draft, or open when `issue`). */
export async function createInvoice(ctx: RequestContext, input: CreateInvoiceInput): Promise<Row> {
  requirePermission(ctx, 'invoices.create');
  const { actor, companyId } = requireCompany(ctx);
  const customerUserId = await resolveAddressee(ctx, companyId, input);
  const settings = commerceSettings();
  const totals = checkedInvoiceTotals(input.lines, settings.vatRateBp, ctx.locale);
  const now = new Date();
  const created = await withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      const number = await takeInvoiceNumber(tx, companyId);
      const [invoice] = await tx.orm
        .insert(invoices)
        .values({
          company_id: companyId,
          number,
          code: newInvoiceCode(),
          customer_user_id: customerUserId ?? null,
          customer_name: input.customer_name,
          customer_email: input.customer_email?.toLowerCase() ?? null,
          customer_phone: input.customer_phone ?? null,
          currency: settings.currency,
          tax_rate_bp: settings.vatRateBp,
          ...totals,
          status: input.issue ? 'open' : 'draft',
          issued_at: input.issue ? now : null,
          due_at: input.due_at ? new Date(input.due_at) : null,
          note: input.note ?? null,
          created_by: actor.userId,
        })
        .returning();
      await replaceLines(tx, invoice.id, input.lines);
      return invoice;
    }),
  );
  await publishInvoiceEvent(ctx, 'invoice.created', created);
  return showInvoice(ctx, created);
}

/** Changes a draft (customer, due date, note, lines; totals recomputed). */
export async function updateInvoice(ctx: RequestContext, id: number, input: UpdateInvoiceInput): Promise<Row> {
  const invoice = await ownInvoice(ctx, id, 'invoices.update');
  if (invoice.status !== 'draft') throw conflict(commerceText(ctx.locale, 'onlyDraftEdited'), 'invoice_not_draft');
  const customerUserId = await resolveAddressee(ctx, invoice.company_id, input);
  const updated = await ctx.db.transaction(async (tx) => {
    const lines = input.lines ?? (await linesOf(tx, id));
    const totals = checkedInvoiceTotals(lines, invoice.tax_rate_bp, ctx.locale);
    if (input.lines) await replaceLines(tx, id, input.lines);
    const [row] = await tx.orm
      .update(invoices)
      .set({
        ...(customerUserId !== undefined && { customer_user_id: customerUserId }),
        ...(input.customer_name !== undefined && { customer_name: input.customer_name }),
        ...(input.customer_email !== undefined && { customer_email: input.customer_email?.toLowerCase() ?? null }),
        ...(input.customer_phone !== undefined && { customer_phone: input.customer_phone }),
        ...(input.due_at !== undefined && { due_at: input.due_at ? new Date(input.due_at) : null }),
        ...(input.note !== undefined && { note: input.note }),
        ...totals,
        updated_at: new Date(),
      })
      .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
      .returning();
    if (!row) throw conflict(commerceText(ctx.locale, 'onlyDraftEdited'), 'invoice_not_draft');
    return row;
  });
  await publishInvoiceEvent(ctx, 'invoice.updated', updated);
  return showInvoice(ctx, updated);
}

/** draft → open: the invoice is sent and can be paid. */
export async function issueInvoice(ctx: RequestContext, id: number): Promise<Row> {
  await ownInvoice(ctx, id, 'invoices.update');
  const moved = await moveInvoice(ctx.db, id, ['draft'], 'open', { issued_at: new Date() });
  if (!moved) throw conflict(commerceText(ctx.locale, 'onlyDraftIssued'), 'invoice_not_draft');
  await publishInvoiceEvent(ctx, 'invoice.updated', moved);
  return showInvoice(ctx, moved);
}

/** A draft is cancelled, an open invoice closed (no more payment expected). */
export async function closeInvoice(ctx: RequestContext, id: number): Promise<Row> {
  const invoice = await ownInvoice(ctx, id, 'invoices.close');
  await assertNoPaymentInFlight(ctx, 'invoice', id);
  const moved =
    invoice.status === 'draft'
      ? await moveInvoice(ctx.db, id, ['draft'], 'cancelled', { closed_at: new Date() })
      : await moveInvoice(ctx.db, id, ['open'], 'closed', { closed_at: new Date() }, noPaymentInFlight(ctx.db, 'invoice', invoices.id));
  if (!moved) await assertNoPaymentInFlight(ctx, 'invoice', id);
  if (!moved) throw conflict(commerceText(ctx.locale, 'invoiceSettled'), 'invoice_settled');
  // A renewal invoice closed by the platform: the renewal will not start.
  if (moved.subscription_id !== null) {
    await ctx.db.orm
      .update(subscriptions)
      .set({ status: 'cancelled', updated_at: new Date() })
      .where(and(eq(subscriptions.id, moved.subscription_id), eq(subscriptions.status, 'pending')));
  }
  await publishInvoiceEvent(ctx, 'invoice.closed', moved);
  return showInvoice(ctx, moved);
}

/**
 * Records a payment received outside the platform (cash, transfer): open → paid. A renewal
 * invoice marked paid (by a platform admin) starts its subscription, in the same transaction.
 */
export async function markInvoicePaid(ctx: RequestContext, id: number): Promise<Row> {
  const invoice = await ownInvoice(ctx, id, 'invoices.pay');
  await assertNoPaymentInFlight(ctx, 'invoice', id);
  const moved = await ctx.db.transaction(async (tx) => {
    const row = await moveInvoice(tx, id, ['open'], 'paid', { paid_at: new Date() }, noPaymentInFlight(tx, 'invoice', invoices.id));
    if (row && invoice.subscription_id !== null) {
      await activateSubscription(tx, invoice.subscription_id, { currency: invoice.currency, transactionId: null });
    }
    return row;
  });
  if (!moved) await assertNoPaymentInFlight(ctx, 'invoice', id);
  if (!moved) throw conflict(commerceText(ctx.locale, 'onlyOpenPaid'), 'invoice_not_open');
  await publishInvoiceEvent(ctx, 'invoice.paid', moved);
  return showInvoice(ctx, moved);
}

/** GET invoices/companies/{id}/latest: the company's last invoice (its agents, or an admin). */
export async function latestInvoice(ctx: RequestContext, companyId: number): Promise<Row | null> {
  const actor = requirePermission(ctx, 'invoices.show');
  if (actor.type !== 'admin' && actor.companyId !== companyId) throw notFound();
  const [row] = await ctx.db.orm.select().from(invoices).where(eq(invoices.company_id, companyId)).orderBy(desc(invoices.number)).limit(1);
  return row ? showInvoice(ctx, row) : null;
}

/** The invoice for a PDF download: readable by the caller, and not a draft for its customer. */
export async function invoiceForDownload(ctx: RequestContext, id: number): Promise<InvoiceRow> {
  const invoice = await readableInvoice(ctx, id);
  const actor = ctx.actor!;
  const isCompanySide = actor.type === 'admin' || actor.companyId === invoice.company_id;
  if (isCompanySide && !hasPermission(actor, 'invoices.download')) throw forbidden();
  if (!isCompanySide && invoice.status === 'draft') throw notFound();
  return invoice;
}
