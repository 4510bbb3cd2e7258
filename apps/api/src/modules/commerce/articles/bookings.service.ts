import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { articles, bookings, companies } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { conflict, forbidden, notFound } from '../../../http/errors';
import { parseQueryObject, type ResourceQueryDef, runListQuery } from '../../../http/query';
import { fixedFilter } from '../../surveys/surveys/query-filters';
import { ownRowsVariant, requireActor, requirePermission, tenantQuery } from '../../tenancy/companies/tenancy';
import { assertNoPaymentInFlight, noPaymentInFlight } from '../payments/in-flight';
import { articleQueryDef, bookingQueryDef } from './articles.query';
import type { CreateBookingInput } from './articles.schemas';
import { countedKey } from '../../../delivery/message-texts';
import { commerceText } from '../commerce.texts';

type BookingRow = typeof bookings.$inferSelect;

/** A company's active articles by its public code (customers browsing, no sign-in). */
export async function listCompanyArticles(ctx: RequestContext, code: string, rawQuery: unknown) {
  const [company] = await ctx.db.orm
    .select({ id: companies.id, name: companies.name, code: companies.code })
    .from(companies)
    .where(and(eq(companies.code, code.toUpperCase()), isNull(companies.deleted_at), eq(companies.status, 'active')));
  if (!company) throw notFound();
  const query = parseQueryObject(rawQuery, articleQueryDef);
  query.filterGroups.push(fixedFilter(articleQueryDef, 'active', true));
  const { rows, meta } = await runListQuery(ctx.db, articleQueryDef, query, { companyId: company.id });
  return { company, rows, meta };
}

/**
 * Books an article: the stock (or capacity) is taken by one conditional UPDATE that never
 * goes below zero, so concurrent bookings of the last unit give one success and one 409.
 */
export async function createBooking(ctx: RequestContext, input: CreateBookingInput) {
  // A person books as a customer: it never depends on the company they act for.
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const [article] = await tx.orm
      .update(articles)
      .set({ stock: sql`CASE WHEN ${articles.stock} IS NULL THEN NULL ELSE ${articles.stock} - ${input.quantity} END`, updated_at: new Date() })
      .where(
        and(
          eq(articles.id, input.article_id),
          eq(articles.active, true),
          isNull(articles.deleted_at),
          sql`(${articles.stock} IS NULL OR ${articles.stock} >= ${input.quantity})`,
        ),
      )
      .returning({ company_id: articles.company_id, price: articles.price, currency: articles.currency });
    if (!article) {
      const [exists] = await tx.orm
        .select({ stock: articles.stock })
        .from(articles)
        .where(and(eq(articles.id, input.article_id), eq(articles.active, true), isNull(articles.deleted_at)));
      if (!exists) throw notFound();
      const left = exists.stock ?? 0;
      const text = left === 0 ? commerceText(ctx.locale, 'articleSoldOut') : commerceText(ctx.locale, countedKey('stockLeft', ctx.locale, left), { count: left });
      throw conflict(text, 'out_of_stock');
    }
    const [booking] = await tx.orm
      .insert(bookings)
      .values({
        company_id: article.company_id,
        article_id: input.article_id,
        customer_user_id: actor.userId,
        quantity: input.quantity,
        slot_at: input.slot_at ? new Date(input.slot_at) : null,
        amount: article.price * input.quantity,
        currency: article.currency,
        note: input.note ?? null,
      })
      .returning();
    return booking;
  });
}

let customerVariant: ResourceQueryDef | null = null;

/** The caller's bookings as a customer, or the active company's bookings for its agents. */
export async function listBookings(ctx: RequestContext, rawQuery: unknown, as: 'customer' | 'company') {
  const actor = requireActor(ctx);
  if (as === 'customer') {
    // Their own bookings, whatever their memberships (no company permission involved).
    customerVariant ??= ownRowsVariant(bookingQueryDef, ['article']);
    const query = parseQueryObject(rawQuery, customerVariant);
    query.filterGroups.push(fixedFilter(customerVariant, 'customer_user_id', actor.userId));
    return runListQuery(ctx.db, customerVariant, query, { companyId: null });
  }
  requirePermission(ctx, 'bookings.list');
  if (actor.companyId == null && actor.type !== 'admin') throw notFound();
  const { def, scope } = tenantQuery(ctx, bookingQueryDef);
  return runListQuery(ctx.db, def, parseQueryObject(rawQuery, def), scope);
}

/**
 * The booking for its company's agents holding `slug`, or for its customer (whatever
 * company they act for); a company agent without `slug` 403; anyone else 404.
 */
async function visibleBooking(ctx: RequestContext, id: number, slug: string): Promise<{ booking: BookingRow; asCompany: boolean }> {
  const actor = requireActor(ctx);
  const [booking] = await ctx.db.orm.select().from(bookings).where(eq(bookings.id, id));
  if (!booking) throw notFound();
  const companySide = actor.type === 'admin' || actor.companyId === booking.company_id;
  if (companySide && hasPermission(actor, slug)) return { booking, asCompany: true };
  if (booking.customer_user_id === actor.userId) return { booking, asCompany: false };
  if (companySide) throw forbidden();
  throw notFound();
}

export async function getBooking(ctx: RequestContext, id: number) {
  return (await visibleBooking(ctx, id, 'bookings.show')).booking;
}

/** pending → confirmed, by the company. */
export async function confirmBooking(ctx: RequestContext, id: number) {
  const { asCompany } = await visibleBooking(ctx, id, 'bookings.confirm');
  if (!asCompany) throw forbidden();
  const [row] = await ctx.db.orm
    .update(bookings)
    .set({ status: 'confirmed', updated_at: new Date() })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'pending')))
    .returning();
  if (!row) throw conflict(commerceText(ctx.locale, 'bookingNotPending'), 'booking_not_pending');
  return row;
}

/** Cancels an unpaid booking (its customer or the company) and gives the stock back, once. */
export async function cancelBooking(ctx: RequestContext, id: number) {
  // Its customer always may; the company side needs bookings.cancel (visibleBooking).
  await visibleBooking(ctx, id, 'bookings.cancel');
  await assertNoPaymentInFlight(ctx, 'booking', id);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.orm
      .update(bookings)
      .set({ status: 'cancelled', updated_at: new Date() })
      .where(
        and(
          eq(bookings.id, id),
          inArray(bookings.status, ['pending', 'confirmed']),
          isNull(bookings.paid_at),
          noPaymentInFlight(tx, 'booking', bookings.id),
        ),
      )
      .returning();
    if (!row) await assertNoPaymentInFlight({ db: tx, locale: ctx.locale }, 'booking', id);
    if (!row) throw conflict(commerceText(ctx.locale, 'bookingNotCancellable'), 'booking_not_cancellable');
    await tx.orm
      .update(articles)
      .set({ stock: sql`${articles.stock} + ${row.quantity}`, updated_at: new Date() })
      .where(and(eq(articles.id, row.article_id), sql`${articles.stock} IS NOT NULL`));
    return row;
  });
}
