import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { devices, sessions, users } from '../../../db/schema';

export type RevokeReason = 'logout' | 'device_logout' | 'replaced' | 'refresh_reuse' | 'password_changed' | 'password_reset' | 'suspended' | 'admin_signout';

export interface SessionLookup {
  id: number;
  user_id: number;
  device_id: number;
  family: string;
  access_expires_at: Date;
  refresh_expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  user_type: 'admin' | 'agent' | 'customer';
  user_status: 'active' | 'pending' | 'suspended';
  user_deleted_at: Date | null;
}

const lookupColumns = {
  id: sessions.id,
  user_id: sessions.user_id,
  device_id: sessions.device_id,
  family: sessions.family,
  access_expires_at: sessions.access_expires_at,
  refresh_expires_at: sessions.refresh_expires_at,
  rotated_at: sessions.rotated_at,
  revoked_at: sessions.revoked_at,
  user_type: users.type,
  user_status: users.status,
  user_deleted_at: users.deleted_at,
};

/** The session holding this access-token hash, with its user's state. */
export async function findSessionByAccessHash(db: Database, accessHash: string): Promise<SessionLookup | null> {
  const [row] = await db.orm
    .select(lookupColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(eq(sessions.access_hash, accessHash));
  return row ?? null;
}

/** The session holding this refresh-token hash, with its user's state. */
export async function findSessionByRefreshHash(db: Database, refreshHash: string): Promise<SessionLookup | null> {
  const [row] = await db.orm
    .select(lookupColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(eq(sessions.refresh_hash, refreshHash));
  return row ?? null;
}

/** Creates or refreshes the (user, ref) device and returns its id; a forgotten device is known again. */
export async function upsertDevice(
  db: Database,
  input: { userId: number; ref: string; userAgent: string | null; ip: string | null },
): Promise<number> {
  const now = new Date();
  const [row] = await db.orm
    .insert(devices)
    .values({ user_id: input.userId, ref: input.ref, user_agent: input.userAgent, ip: input.ip, last_seen_at: now })
    .onConflictDoUpdate({
      target: [devices.user_id, devices.ref],
      set: { user_agent: input.userAgent, ip: input.ip, last_seen_at: now, forgotten_at: null, updated_at: now },
    })
    .returning({ id: devices.id });
  return row.id;
}

export interface NewSessionRow {
  userId: number;
  deviceId: number;
  family: string;
  accessHash: string;
  accessExpiresAt: Date;
  refreshHash: string;
  refreshExpiresAt: Date;
}

export async function insertSession(db: Database, s: NewSessionRow): Promise<number> {
  const [row] = await db.orm
    .insert(sessions)
    .values({
      user_id: s.userId,
      device_id: s.deviceId,
      family: s.family,
      access_hash: s.accessHash,
      access_expires_at: s.accessExpiresAt,
      refresh_hash: s.refreshHash,
      refresh_expires_at: s.refreshExpiresAt,
    })
    .returning({ id: sessions.id });
  return row.id;
}

/**
 * Marks a session rotated if, and only if, nobody did it before: the conditional update
 * is what makes two concurrent refreshes with one token count as a reuse.
 */
export async function markRotated(db: Database, sessionId: number): Promise<boolean> {
  const rows = await db.orm
    .update(sessions)
    .set({ rotated_at: new Date(), updated_at: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.rotated_at), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/**
 * Reasons that say a device may be in someone else's hands: its sessions end and the
 * device is forgotten (`devices.forgotten_at`), a new device again to the sign-in ceiling.
 */
const DISTRUSTING_REASONS: ReadonlySet<RevokeReason> = new Set(['password_changed', 'password_reset', 'device_logout', 'admin_signout']);

/** Revokes the matching live sessions and returns their ids (whose sockets the caller ends). */
async function revokeWhere(db: Database, where: ReturnType<typeof and>, reason: RevokeReason): Promise<number[]> {
  const now = new Date();
  const rows = await db.orm
    .update(sessions)
    .set({ revoked_at: now, revoked_reason: reason, updated_at: now })
    .where(and(where, isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

async function forgetDevices(db: Database, where: ReturnType<typeof and>, reason: RevokeReason): Promise<void> {
  if (!DISTRUSTING_REASONS.has(reason)) return;
  const now = new Date();
  await db.orm.update(devices).set({ forgotten_at: now, updated_at: now }).where(where);
}

// The revoke functions return the ids of the sessions they ended; the services in
// sessions.service.ts pass them on so those sessions' sockets end at once.

export async function revokeFamily(db: Database, family: string, reason: RevokeReason): Promise<number[]> {
  return revokeWhere(db, eq(sessions.family, family), reason);
}

export async function revokeDeviceSessions(db: Database, deviceId: number, reason: RevokeReason): Promise<number[]> {
  const revoked = await revokeWhere(db, eq(sessions.device_id, deviceId), reason);
  await forgetDevices(db, eq(devices.id, deviceId), reason);
  return revoked;
}

/**
 * Ends every session of a user, except one family (the caller's own) when given. A
 * distrusting reason forgets every device of the user but the caller's, including those
 * whose sessions had already ended (a former holder of the password signed out long ago).
 */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  reason: RevokeReason,
  exceptFamily?: string,
): Promise<number[]> {
  const where = exceptFamily
    ? and(eq(sessions.user_id, userId), ne(sessions.family, exceptFamily))
    : eq(sessions.user_id, userId);
  const revoked = await revokeWhere(db, where, reason);
  const keptDevice = exceptFamily
    ? sql`${devices.id} NOT IN (SELECT ${sessions.device_id} FROM ${sessions} WHERE ${sessions.family} = ${exceptFamily})`
    : undefined;
  await forgetDevices(db, and(eq(devices.user_id, userId), keptDevice), reason);
  return revoked;
}

export async function touchDevice(db: Database, deviceId: number): Promise<void> {
  await db.orm.update(devices).set({ last_seen_at: new Date() }).where(eq(devices.id, deviceId));
}

export interface DeviceListRow {
  id: number;
  ref: string;
  user_agent: string | null;
  ip: string | null;
  last_seen_at: Date;
  created_at: Date;
}

/** A user's devices that still hold a live session (not revoked, refresh not expired). */
export async function listSignedInDevices(db: Database, userId: number): Promise<DeviceListRow[]> {
  return db.orm
    .select({
      id: devices.id,
      ref: devices.ref,
      user_agent: devices.user_agent,
      ip: devices.ip,
      last_seen_at: devices.last_seen_at,
      created_at: devices.created_at,
    })
    .from(devices)
    .where(
      and(
        eq(devices.user_id, userId),
        sql`EXISTS (SELECT 1 FROM ${sessions} s WHERE s.device_id = ${devices.id}
                      AND s.revoked_at IS NULL AND s.rotated_at IS NULL AND s.refresh_expires_at > now())`,
      ),
    )
    .orderBy(sql`${devices.last_seen_at} DESC`, devices.id);
}

/**
 * The id of the device of this user with this ref if it has held a session and was not
 * forgotten since (`devices.forgotten_at`), else null. Rows are kept as long as the user.
 */
export async function findKnownDevice(db: Database, userId: number, ref: string): Promise<number | null> {
  const [row] = await db.orm
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.user_id, userId), eq(devices.ref, ref), isNull(devices.forgotten_at)));
  return row?.id ?? null;
}

/** A device of this user (another user's device is simply absent). */
export async function findUserDevice(db: Database, userId: number, deviceId: number): Promise<{ id: number } | null> {
  const [row] = await db.orm
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.user_id, userId)));
  return row ?? null;
}
