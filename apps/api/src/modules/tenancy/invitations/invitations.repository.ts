import { and, eq, getTableColumns, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { agents, companies, invitations, users } from '../../../db/schema';
import { invitationIsOpen, invitationIsPastExpiry } from './invitation-expiry';

export type InvitationRow = typeof invitations.$inferSelect;
/** A row as the finders give it: `expired` when its expiry is past (invitation-expiry.ts). */
export type FoundInvitation = InvitationRow & { expired: boolean };

const withExpiry = () => ({ ...getTableColumns(invitations), expired: invitationIsPastExpiry() });

/** The guest as an account sees itself: its id, and its e-mail and phone once verified. */
export interface GuestIdentity {
  userId: number;
  verifiedEmail: string | null;
  verifiedPhone: string | null;
}

export async function loadGuestIdentity(db: Database, userId: number): Promise<GuestIdentity> {
  const [user] = await db.orm
    .select({ email: users.email, phone: users.phone, email_verified_at: users.email_verified_at, phone_verified_at: users.phone_verified_at })
    .from(users)
    .where(eq(users.id, userId));
  return {
    userId,
    verifiedEmail: user?.email_verified_at && user.email ? user.email.toLowerCase() : null,
    verifiedPhone: user?.phone_verified_at && user.phone ? user.phone : null,
  };
}

/**
 * Invitations addressed to this person: linked to the account, or sent to its e-mail or
 * phone before the account existed (only once that address is verified, so that nobody
 * collects invitations by signing up with someone else's address).
 */
export function addressedTo(guest: GuestIdentity): SQL {
  const byAddress: SQL[] = [];
  if (guest.verifiedEmail) byAddress.push(sql`lower(${invitations.email}) = ${guest.verifiedEmail}`);
  if (guest.verifiedPhone) byAddress.push(eq(invitations.phone, guest.verifiedPhone));
  const unlinked = byAddress.length > 0 ? and(sql`${invitations.guest_user_id} IS NULL`, or(...byAddress)) : undefined;
  return or(eq(invitations.guest_user_id, guest.userId), unlinked)!;
}

/** Pending, unexpired invitations of a guest, with the host's and the company's names. */
export async function listPendingFor(db: Database, guest: GuestIdentity) {
  return db.orm
    .select({
      id: invitations.id,
      status: invitations.status,
      datas: invitations.datas,
      company_id: invitations.company_id,
      expires_at: invitations.expires_at,
      created_at: invitations.created_at,
      company_name: companies.name,
      company_code: companies.code,
      company_logo: companies.logo,
      host_first_name: agents.first_name,
      host_last_name: agents.last_name,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.company_id))
    .leftJoin(agents, eq(agents.id, invitations.host_agent_id))
    .where(
      and(
        addressedTo(guest),
        invitationIsOpen(),
        eq(companies.status, 'active'),
        sql`${companies.deleted_at} IS NULL`,
      ),
    )
    .orderBy(sql`${invitations.created_at} DESC`, invitations.id);
}

export async function findInvitationFor(db: Database, guest: GuestIdentity, id: number): Promise<FoundInvitation | null> {
  const [row] = await db.orm.select(withExpiry()).from(invitations).where(and(eq(invitations.id, id), addressedTo(guest)));
  return row ?? null;
}

export async function findCompanyInvitation(db: Database, companyId: number | null, id: number): Promise<FoundInvitation | null> {
  const scope = companyId === null ? undefined : eq(invitations.company_id, companyId);
  const [row] = await db.orm.select(withExpiry()).from(invitations).where(and(eq(invitations.id, id), scope));
  return row ?? null;
}

/**
 * Whether the company already waits for an answer at one of these addresses. Only the
 * addresses the inviter typed count: matching the account behind them would tell the
 * inviter that an e-mail and a phone belong to the same account.
 */
export async function hasPendingInvitation(
  db: Database,
  companyId: number,
  target: { email: string | null; phone: string | null },
): Promise<boolean> {
  const who: SQL[] = [];
  if (target.email) who.push(sql`lower(${invitations.email}) = ${target.email}`);
  if (target.phone) who.push(eq(invitations.phone, target.phone));
  const [row] = await db.orm
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(eq(invitations.company_id, companyId), invitationIsOpen(), or(...who)),
    )
    .limit(1);
  return Boolean(row);
}

/** Moves a pending invitation to a final status; false when it was no longer pending. */
export async function closeInvitation(db: Database, id: number, values: Partial<InvitationRow>): Promise<boolean> {
  const rows = await db.orm
    .update(invitations)
    .set({ ...values, responded_at: new Date(), updated_at: new Date() })
    .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/**
 * A person joins the company (an invitation accepted, a join request approved): their other
 * open invitations to it have nothing left to offer, and each would go on holding a seat
 * (commerce usage.ts), so they are closed as `cancelled` in the joining transaction, before
 * its seat check, which then counts the person once. `except`: the invitation being
 * accepted, which its caller closes as `accepted`. Answers how many were closed.
 */
export async function cancelInvitationsOfJoiner(db: Database, companyId: number, guest: GuestIdentity, except?: number): Promise<number> {
  const closed = await db.orm
    .update(invitations)
    .set({ status: 'cancelled', responded_at: new Date(), updated_at: new Date() })
    .where(
      and(
        eq(invitations.company_id, companyId),
        invitationIsOpen(),
        addressedTo(guest),
        except === undefined ? undefined : ne(invitations.id, except),
      ),
    )
    .returning({ id: invitations.id });
  return closed.length;
}

/**
 * The invitation a code names, with its company (not deleted) and host, for the two
 * readers of a code: the public page before sign-in and "J'ai un code d'invitation". The
 * code must already be normalized (normalizeInvitationCode); each reader decides what a
 * company's status or a linked guest means for it.
 */
export async function findInvitationByCode(db: Database, code: string) {
  const [row] = await db.orm
    .select({
      id: invitations.id,
      code: invitations.code,
      status: invitations.status,
      datas: invitations.datas,
      company_id: invitations.company_id,
      guest_user_id: invitations.guest_user_id,
      expires_at: invitations.expires_at,
      expired: invitationIsPastExpiry(),
      created_at: invitations.created_at,
      company_name: companies.name,
      company_code: companies.code,
      company_logo: companies.logo,
      company_status: companies.status,
      host_first_name: agents.first_name,
      host_last_name: agents.last_name,
    })
    .from(invitations)
    .innerJoin(companies, and(eq(companies.id, invitations.company_id), sql`${companies.deleted_at} IS NULL`))
    .leftJoin(agents, eq(agents.id, invitations.host_agent_id))
    .where(eq(invitations.code, code));
  return row ?? null;
}

/** The host's name as the guest sees it: first and last name, either may be missing. */
export function hostName(row: { host_first_name: string | null; host_last_name: string | null }): string {
  return [row.host_first_name, row.host_last_name].filter(Boolean).join(' ');
}
