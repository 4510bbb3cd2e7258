import type { Database } from '../../db/client';
import { AppError, unauthorized } from '../../http/errors';
import {
  findSessionByAccessHash,
  findSessionByRefreshHash,
  insertSession,
  markRotated,
  revokeDeviceSessions,
  revokeFamily,
  type SessionLookup,
  touchDevice,
  upsertDevice,
} from './sessions.repository';
import { generateToken, hashToken, looksLikeToken } from './tokens';

export interface SessionLifetimes {
  accessTtlS: number;
  refreshTtlS: number;
}

export interface IssuedTokens {
  token: string;
  refresh_token: string;
  expires_at: string;
  refresh_expires_at: string;
}

export interface IssuedSession extends IssuedTokens {
  sessionId: number;
  deviceId: number;
  userId: number;
}

/** Who an access token belongs to; what the HTTP hook and the socket need. */
export interface AuthenticatedSession {
  userId: number;
  userType: 'admin' | 'agent' | 'customer';
  sessionId: number;
  deviceId: number;
  family: string;
}

export const tokenExpired = () => new AppError(498, 'token_expired');
export const sessionRevoked = () => new AppError(499, 'session_revoked');

async function insertTokens(
  db: Database,
  lifetimes: SessionLifetimes,
  who: { userId: number; deviceId: number; family: string },
): Promise<IssuedSession> {
  const token = generateToken();
  const refreshToken = generateToken();
  const now = Date.now();
  const accessExpiresAt = new Date(now + lifetimes.accessTtlS * 1000);
  const refreshExpiresAt = new Date(now + lifetimes.refreshTtlS * 1000);
  const sessionId = await insertSession(db, {
    userId: who.userId,
    deviceId: who.deviceId,
    family: who.family,
    accessHash: hashToken(token),
    accessExpiresAt,
    refreshHash: hashToken(refreshToken),
    refreshExpiresAt,
  });
  return {
    token,
    refresh_token: refreshToken,
    expires_at: accessExpiresAt.toISOString(),
    refresh_expires_at: refreshExpiresAt.toISOString(),
    sessionId,
    deviceId: who.deviceId,
    userId: who.userId,
  };
}

/**
 * Signs a user in on one device: the device's earlier sessions end (one session per
 * device ref) and a new token family starts.
 */
export function openSession(
  db: Database,
  lifetimes: SessionLifetimes,
  who: { userId: number; deviceRef: string; userAgent: string | null; ip: string | null },
): Promise<IssuedSession> {
  return db.transaction(async (tx) => {
    const deviceId = await upsertDevice(tx, {
      userId: who.userId,
      ref: who.deviceRef,
      userAgent: who.userAgent?.slice(0, 400) ?? null,
      ip: who.ip,
    });
    await revokeDeviceSessions(tx, deviceId, 'replaced');
    return insertTokens(tx, lifetimes, { userId: who.userId, deviceId, family: generateToken(16) });
  });
}

function isUsable(row: SessionLookup): boolean {
  return row.user_status === 'active' && row.user_deleted_at === null;
}

async function rejectReuse(db: Database, family: string): Promise<never> {
  await revokeFamily(db, family, 'refresh_reuse');
  throw sessionRevoked();
}

/**
 * Exchanges a refresh token for a new pair in the same family. A token that was already
 * exchanged is a replay: the whole family is revoked (the thief and the owner both lose
 * it, and the owner signs in again).
 */
export async function rotateSession(db: Database, lifetimes: SessionLifetimes, refreshToken: string): Promise<IssuedSession> {
  if (!looksLikeToken(refreshToken)) throw unauthorized();
  const row = await findSessionByRefreshHash(db, hashToken(refreshToken));
  if (!row || !isUsable(row)) throw unauthorized();
  if (row.revoked_at) throw sessionRevoked();
  if (row.rotated_at) return rejectReuse(db, row.family);
  if (row.refresh_expires_at.getTime() <= Date.now()) throw unauthorized('', 'refresh_expired');
  if (!(await markRotated(db, row.id))) return rejectReuse(db, row.family);
  await touchDevice(db, row.device_id);
  return insertTokens(db, lifetimes, { userId: row.user_id, deviceId: row.device_id, family: row.family });
}

// Writing last_seen on every request would cost a write per call; once a minute per
// device and process is enough for "last seen".
const lastTouched = new Map<number, number>();
const TOUCH_EVERY_MS = 60_000;

function shouldTouch(deviceId: number): boolean {
  const now = Date.now();
  const previous = lastTouched.get(deviceId);
  if (previous !== undefined && now - previous < TOUCH_EVERY_MS) return false;
  if (lastTouched.size > 10_000) lastTouched.clear();
  lastTouched.set(deviceId, now);
  return true;
}

/**
 * Resolves an access token. Throws 401 (absent, unknown, account unusable), 498 (expired)
 * or 499 (session revoked: logout, password change, refresh reuse, newer sign-in on the
 * device). A rotated session's access token stays valid until it expires, so requests in
 * flight during a refresh do not fail.
 */
export async function authenticateAccessToken(db: Database, token: string): Promise<AuthenticatedSession> {
  if (!looksLikeToken(token)) throw unauthorized();
  const row = await findSessionByAccessHash(db, hashToken(token));
  if (!row || !isUsable(row)) throw unauthorized();
  if (row.revoked_at) throw sessionRevoked();
  if (row.access_expires_at.getTime() <= Date.now()) throw tokenExpired();
  if (shouldTouch(row.device_id)) await touchDevice(db, row.device_id);
  return {
    userId: row.user_id,
    userType: row.user_type,
    sessionId: row.id,
    deviceId: row.device_id,
    family: row.family,
  };
}

/**
 * Ends the session an access token belongs to, even when that token has expired (the
 * client signing out after a 498 must still end its session). False if unknown.
 */
export async function endSessionOfToken(db: Database, token: string): Promise<boolean> {
  if (!looksLikeToken(token)) return false;
  const row = await findSessionByAccessHash(db, hashToken(token));
  if (!row) return false;
  await revokeFamily(db, row.family, 'logout');
  return true;
}
