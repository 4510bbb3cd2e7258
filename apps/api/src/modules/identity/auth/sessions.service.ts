import type { Database } from '../../../db/client';
import type { AuthenticatedSession } from '../../../http/actor';
import { AppError, unauthorized } from '../../../http/errors';
import type { EventBus } from '../../../events/event-bus';
import {
  findSessionByAccessHash,
  findSessionByRefreshHash,
  insertSession,
  markRotated,
  type RevokeReason,
  revokeDeviceSessions,
  revokeFamily,
  revokeUserSessions,
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

export type { AuthenticatedSession };

export const tokenExpired = () => new AppError(498, 'token_expired');
export const sessionRevoked = () => new AppError(499, 'session_revoked');

/** What ending sessions tells the realtime layer: their sockets are refused (499) at once. */
export type SessionEvents = Pick<EventBus, 'revokeSessions'>;

// Every way a session ends goes through these (or openSession's replacement), so the
// sockets signed in with exactly those sessions end with them; the user's other
// sessions keep theirs. Call them outside any transaction: the sockets are told as soon
// as the revocation is written, so it must already be committed (a socket's next `auth`
// or join reads it back).

/** Ends a token family (logout, refresh reuse) and its sockets. */
export async function endFamily(db: Database, events: SessionEvents, family: string, reason: RevokeReason): Promise<void> {
  await events.revokeSessions(await revokeFamily(db, family, reason));
}

/** Ends a device's sessions (signed out from the devices page) and their sockets. */
export async function endDeviceSessions(db: Database, events: SessionEvents, deviceId: number, reason: RevokeReason): Promise<void> {
  await events.revokeSessions(await revokeDeviceSessions(db, deviceId, reason));
}

/** Ends every session of a user but the caller's family when given (password change or reset), and their sockets. */
export async function endUserSessions(
  db: Database,
  events: SessionEvents,
  userId: number,
  reason: RevokeReason,
  exceptFamily?: string,
): Promise<void> {
  await events.revokeSessions(await revokeUserSessions(db, userId, reason, exceptFamily));
}

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
export async function openSession(
  db: Database,
  events: SessionEvents,
  lifetimes: SessionLifetimes,
  who: { userId: number; deviceRef: string; userAgent: string | null; ip: string | null },
): Promise<IssuedSession> {
  let replaced: number[] = [];
  const issued = await db.transaction(async (tx) => {
    const deviceId = await upsertDevice(tx, {
      userId: who.userId,
      ref: who.deviceRef,
      userAgent: who.userAgent?.slice(0, 400) ?? null,
      ip: who.ip,
    });
    replaced = await revokeDeviceSessions(tx, deviceId, 'replaced');
    return insertTokens(tx, lifetimes, { userId: who.userId, deviceId, family: generateToken(16) });
  });
  await events.revokeSessions(replaced);
  return issued;
}

function isUsable(row: SessionLookup): boolean {
  return row.user_status === 'active' && row.user_deleted_at === null;
}

async function rejectReuse(db: Database, events: SessionEvents, family: string): Promise<never> {
  await endFamily(db, events, family, 'refresh_reuse');
  throw sessionRevoked();
}

/**
 * Exchanges a refresh token for a new pair in the same family. A token that was already
 * exchanged is a replay: the whole family is revoked (the thief and the owner both lose
 * it, and the owner signs in again).
 */
export async function rotateSession(
  db: Database,
  events: SessionEvents,
  lifetimes: SessionLifetimes,
  refreshToken: string,
): Promise<IssuedSession> {
  if (!looksLikeToken(refreshToken)) throw unauthorized();
  const row = await findSessionByRefreshHash(db, hashToken(refreshToken));
  if (!row || !isUsable(row)) throw unauthorized();
  if (row.revoked_at) throw sessionRevoked();
  if (row.rotated_at) return rejectReuse(db, events, row.family);
  if (row.refresh_expires_at.getTime() <= Date.now()) throw unauthorized('', 'refresh_expired');
  if (!(await markRotated(db, row.id))) return rejectReuse(db, events, row.family);
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

/** What an access-token check needs of the session row and its user. */
export interface AccessCheckRow {
  id: number;
  user_id: number;
  device_id: number;
  family: string;
  access_expires_at: Date;
  revoked_at: Date | null;
  user_type: 'admin' | 'agent' | 'customer';
  user_status: 'active' | 'pending' | 'suspended';
  user_deleted_at: Date | null;
}

/**
 * The session an access token's row stands for, or the error to answer: 401 (unknown,
 * account unusable), 498 (expired) or 499 (session revoked: logout, password change,
 * refresh reuse, newer sign-in on the device). A rotated session's access token stays
 * valid until it expires, so requests in flight during a refresh do not fail.
 */
export function sessionOfAccessRow(row: AccessCheckRow | null | undefined): AuthenticatedSession {
  if (row?.user_status !== 'active' || row.user_deleted_at !== null) throw unauthorized();
  if (row.revoked_at) throw sessionRevoked();
  if (row.access_expires_at.getTime() <= Date.now()) throw tokenExpired();
  return {
    userId: row.user_id,
    userType: row.user_type,
    sessionId: row.id,
    deviceId: row.device_id,
    family: row.family,
  };
}

/** Records the device as seen, at most once a minute per device and process. */
export async function noteDeviceSeen(db: Database, deviceId: number): Promise<void> {
  if (shouldTouch(deviceId)) await touchDevice(db, deviceId);
}

/** Resolves an access token (errors as `sessionOfAccessRow`); the socket's check. */
export async function authenticateAccessToken(db: Database, token: string): Promise<AuthenticatedSession> {
  if (!looksLikeToken(token)) throw unauthorized();
  const session = sessionOfAccessRow(await findSessionByAccessHash(db, hashToken(token)));
  await noteDeviceSeen(db, session.deviceId);
  return session;
}

/**
 * GET auth/logout: ends the caller's session family and its sockets, found from the
 * authenticated session or else from the access token even when it has expired (the
 * client signing out after a 498 must still end its session). False if unknown.
 */
export async function logout(
  db: Database,
  events: SessionEvents,
  caller: { session: AuthenticatedSession | null; token: string | null },
): Promise<boolean> {
  let family = caller.session?.family;
  if (!family && caller.token && looksLikeToken(caller.token)) {
    family = (await findSessionByAccessHash(db, hashToken(caller.token)))?.family;
  }
  if (!family) return false;
  await endFamily(db, events, family, 'logout');
  return true;
}
