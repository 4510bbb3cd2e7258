import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { otps } from '../../../db/schema';

export type OtpRow = typeof otps.$inferSelect;
export type OtpPurpose = OtpRow['purpose'];

/** Codes live 10 minutes and die after 5 wrong guesses. */
export const OTP_TTL_S = 600;
export const OTP_MAX_ATTEMPTS = 5;

/**
 * Stores a new code. One checked as "the newest code of the user" retires the user's
 * earlier live codes of the same purpose. One reached through its own lookup id (password
 * reset) retires nothing: it belongs to whoever asked for it, and a stranger asking for a
 * reset must not kill the owner's code; the guesses over all of them are bounded per
 * account (limits.ts `resetAccountLimits`), and using one retires the others.
 */
export async function insertOtp(
  db: Database,
  input: Pick<OtpRow, 'user_id' | 'purpose' | 'channel' | 'destination' | 'code_hash' | 'lookup'>,
): Promise<OtpRow> {
  return db.transaction(async (tx) => {
    if (input.user_id !== null && input.lookup === null) await retireOtps(tx, input.user_id, input.purpose);
    const [row] = await tx.orm
      .insert(otps)
      .values({ ...input, expires_at: sql`now() + ${OTP_TTL_S} * interval '1 second'` })
      .returning();
    return row;
  });
}

/** Marks every live code of a user and purpose used. */
export async function retireOtps(db: Database, userId: number, purpose: OtpPurpose): Promise<void> {
  await db.orm
    .update(otps)
    .set({ consumed_at: new Date(), updated_at: new Date() })
    .where(and(eq(otps.user_id, userId), eq(otps.purpose, purpose), isNull(otps.consumed_at)));
}

/** The newest code not yet used for a user and purpose (optionally for one destination). */
export async function findLatestOtp(
  db: Database,
  where: { userId: number; purpose: OtpPurpose | OtpPurpose[]; destination?: string },
): Promise<OtpRow | null> {
  const purposes = Array.isArray(where.purpose) ? where.purpose : [where.purpose];
  const [row] = await db.orm
    .select()
    .from(otps)
    .where(
      and(
        eq(otps.user_id, where.userId),
        inArray(otps.purpose, purposes),
        where.destination === undefined ? undefined : eq(otps.destination, where.destination),
        isNull(otps.consumed_at),
      ),
    )
    .orderBy(desc(otps.id))
    .limit(1);
  return row ?? null;
}

export async function findOtpByLookup(db: Database, lookup: string, purpose: OtpPurpose): Promise<OtpRow | null> {
  const [row] = await db.orm
    .select()
    .from(otps)
    .where(and(eq(otps.lookup, lookup), eq(otps.purpose, purpose), isNull(otps.consumed_at)));
  return row ?? null;
}

/**
 * Spends one attempt on a live code and returns its hash, or null when the code is
 * expired, used or out of attempts. Counting in the UPDATE keeps the limit exact when
 * guesses arrive in parallel on several processes.
 */
export async function spendOtpAttempt(db: Database, id: number): Promise<string | null> {
  const [row] = await db.orm
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1`, updated_at: new Date() })
    .where(
      and(
        eq(otps.id, id),
        isNull(otps.consumed_at),
        lt(otps.attempts, OTP_MAX_ATTEMPTS),
        sql`${otps.expires_at} > now()`,
      ),
    )
    .returning({ code_hash: otps.code_hash });
  return row?.code_hash ?? null;
}

/** Marks a code used; false if someone used it first (single use). */
export async function consumeOtp(db: Database, id: number): Promise<boolean> {
  const rows = await db.orm
    .update(otps)
    .set({ consumed_at: new Date(), updated_at: new Date() })
    .where(and(eq(otps.id, id), isNull(otps.consumed_at)))
    .returning({ id: otps.id });
  return rows.length === 1;
}
