import { normalizeMobile } from '@app/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'created_at'>>;

/** A user by id; soft-deleted accounts are absent. */
export async function findUserById(db: Database, id: number, options: { lock?: boolean } = {}): Promise<UserRow | null> {
  const query = db.orm
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deleted_at)));
  // Locked (inside a transaction) when a write depends on what the row holds now.
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A user by e-mail, compared case-insensitively. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.orm
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, isNull(users.deleted_at)));
  return row ?? null;
}

/** A user by phone; `phone` is normalised to the nine national digits first. */
export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | null> {
  const normalized = normalizeMobile(phone) ?? phone.trim();
  const [row] = await db.orm
    .select()
    .from(users)
    .where(and(eq(users.phone, normalized), isNull(users.deleted_at)));
  return row ?? null;
}

/**
 * The account a sign-in identifier designates: an e-mail (contains `@`), else a phone
 * number or a username, all case-insensitive. An e-mail match wins over a phone match,
 * which wins over a username match.
 */
export async function findUserByLogin(db: Database, login: string): Promise<UserRow | null> {
  const value = login.trim();
  if (value === '') return null;
  if (value.includes('@')) return findUserByEmail(db, value);
  const phone = normalizeMobile(value) ?? value;
  const rows = await db.orm
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deleted_at),
        sql`(${users.phone} = ${phone} OR lower(${users.username}) = lower(${value}))`,
      ),
    )
    .limit(2);
  return rows.find((r) => r.phone === phone) ?? rows[0] ?? null;
}

/** The key under which failures for one identifier are counted (same person, same key). */
export function normalizeLoginKey(login: string): string {
  const value = login.trim().toLowerCase();
  return value.includes('@') ? value : (normalizeMobile(value) ?? value);
}

/** Inserts a user; e-mails are stored lower-cased and phones normalised. */
export async function createUser(db: Database, input: NewUser): Promise<UserRow> {
  const [row] = await db.orm
    .insert(users)
    .values({
      ...input,
      email: input.email ? input.email.trim().toLowerCase() : input.email,
      phone: input.phone ? (normalizeMobile(input.phone) ?? input.phone) : input.phone,
    })
    .returning();
  return row;
}

/** Updates a user and stamps `updated_at`; returns the new row (null when absent). */
export async function updateUser(db: Database, id: number, patch: UserPatch): Promise<UserRow | null> {
  const [row] = await db.orm
    .update(users)
    .set({ ...patch, updated_at: new Date() })
    .where(and(eq(users.id, id), isNull(users.deleted_at)))
    .returning();
  return row ?? null;
}

/** Whether another account already uses this username (case-insensitive). */
export async function isUsernameTaken(db: Database, username: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db.orm
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Gives a user a global role by slug (e.g. `customer`) when the platform defines it. */
export async function grantGlobalRole(db: Database, userId: number, roleSlug: string): Promise<void> {
  await db.rows(sql`
    INSERT INTO user_roles (user_id, role_id)
    SELECT ${userId}, r.id FROM roles r WHERE r.slug = ${roleSlug} AND r.company_id IS NULL
    ON CONFLICT DO NOTHING
  `);
}

/** The name shown for a user: first and last name, else username, else e-mail. */
export function displayNameOf(user: Pick<UserRow, 'first_name' | 'last_name' | 'username' | 'email'>): string {
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return full || user.username || user.email || '';
}

/** Whether a database error is a unique-constraint violation (23505), under any wrapper. */
export function isUniqueViolation(error: unknown): boolean {
  let e: any = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return true;
    e = e.cause;
  }
  return false;
}
