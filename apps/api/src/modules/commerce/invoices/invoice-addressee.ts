import { normalizeMobile } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { namedSurveyParticipation } from '../../collection/participations/anonymous-identity';
import { commerceText } from '../commerce.texts';

export interface AddresseeInput {
  customer_user_id?: number | null;
  customer_email?: string | null;
  customer_phone?: string | null;
}

/**
 * Whether the company already deals with this person: one of its members, someone who
 * answered one of its surveys signed in (its customers), booked one of its articles, or
 * was already invoiced by it. Only such a person may be named by account id.
 */
async function dealsWith(ctx: RequestContext, companyId: number, userId: number): Promise<boolean> {
  const rows = await ctx.db.rows<{ ok: number }>(sql`
    SELECT 1 AS ok WHERE
      EXISTS (SELECT 1 FROM agents a WHERE a.user_id = ${userId} AND a.company_id = ${companyId} AND a.deleted_at IS NULL)
      OR EXISTS (SELECT 1 FROM participations p WHERE p.user_id = ${userId} AND p.company_id = ${companyId} AND p.deleted_at IS NULL AND ${namedSurveyParticipation('p')})
      OR EXISTS (SELECT 1 FROM bookings b WHERE b.customer_user_id = ${userId} AND b.company_id = ${companyId})
      OR EXISTS (SELECT 1 FROM invoices i WHERE i.customer_user_id = ${userId} AND i.company_id = ${companyId})`);
  return rows.length > 0;
}

/** The account behind an address, once that address is verified (as invitations do). */
async function accountAt(ctx: RequestContext, email: string | null | undefined, phone: string | null | undefined): Promise<number | null> {
  if (!email && !phone) return null;
  const byEmail = email ? sql`(lower(u.email) = ${email.toLowerCase()} AND u.email_verified_at IS NOT NULL)` : sql`false`;
  // Accounts keep phones as the nine national digits (users.repository).
  const byPhone = phone ? sql`(u.phone = ${normalizeMobile(phone) ?? phone.trim()} AND u.phone_verified_at IS NOT NULL)` : sql`false`;
  const rows = await ctx.db.rows<{ id: number }>(sql`
    SELECT u.id FROM users u WHERE (${byEmail} OR ${byPhone}) AND u.deleted_at IS NULL ORDER BY u.id LIMIT 1`);
  return rows[0]?.id ?? null;
}

/**
 * Who an invoice is addressed to (section 2: the customer sees it under "Mes factures").
 * By account id: only a person the company deals with (anyone else is "not found", as
 * another company's record would be: an id does not reveal who has an account). By
 * e-mail or phone, as contributor invitations do: the account whose verified address it
 * is, if any; else the invoice stays addressed to the address alone (its code and link
 * still reach it). Answers the account id to store, `undefined` to leave it unchanged.
 */
export async function resolveAddressee(ctx: RequestContext, companyId: number, input: AddresseeInput): Promise<number | null | undefined> {
  if (input.customer_user_id != null) {
    if (!(await dealsWith(ctx, companyId, input.customer_user_id))) throw notFound(commerceText(ctx.locale, 'customerNotFound'));
    return input.customer_user_id;
  }
  if (input.customer_user_id === null) return null;
  if (input.customer_email || input.customer_phone) return accountAt(ctx, input.customer_email, input.customer_phone);
  return undefined;
}
