import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { bearer, createUserWithPassword, deviceRef, get, PASSWORD, post, signIn } from './auth.test-helpers';
import { purgeDeadSessions } from './session-purge';
import { findKnownDevice } from './sessions.repository';
import { hashToken } from './tokens';

const DAY_MS = 24 * 3600 * 1000;
const RETENTION_MS = 30 * DAY_MS;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

async function sessionIdOf(refreshToken: string): Promise<number> {
  const [row] = await t.db.orm.select({ id: sessions.id }).from(sessions).where(eq(sessions.refresh_hash, hashToken(refreshToken)));
  return row.id;
}

/** Signs in on a fresh device and sets the session row's revocation and refresh expiry. */
async function sessionDated(email: string, dates: { revokedAt: Date | null; refreshExpiresAt: Date }) {
  const ref = deviceRef();
  const issued = await signIn(t.app, email, PASSWORD, ref);
  const id = await sessionIdOf(issued.refresh_token);
  await t.db.orm
    .update(sessions)
    .set({ revoked_at: dates.revokedAt, revoked_reason: dates.revokedAt ? 'logout' : null, refresh_expires_at: dates.refreshExpiresAt })
    .where(eq(sessions.id, id));
  return { id, ref };
}

describe('purgeDeadSessions', () => {
  it('deletes rows dead for longer than the retention, counted from the later of revocation and refresh expiry', async () => {
    const user = await createUserWithPassword(t.db);
    const email = user.email!;
    const oldRevoked = await sessionDated(email, { revokedAt: daysAgo(40), refreshExpiresAt: daysAgo(35) });
    const oldExpired = await sessionDated(email, { revokedAt: null, refreshExpiresAt: daysAgo(31) });
    const live = await sessionDated(email, { revokedAt: null, refreshExpiresAt: new Date(Date.now() + DAY_MS) });
    const recentRevoked = await sessionDated(email, { revokedAt: daysAgo(1), refreshExpiresAt: new Date(Date.now() + DAY_MS) });
    const recentExpired = await sessionDated(email, { revokedAt: null, refreshExpiresAt: daysAgo(29) });
    // Revoked long ago, but its refresh token expired only recently: kept.
    const revokedBeforeExpiry = await sessionDated(email, { revokedAt: daysAgo(40), refreshExpiresAt: daysAgo(10) });
    // Expired long ago, but revoked recently (a password change revokes expired rows too): kept.
    const expiredBeforeRevoked = await sessionDated(email, { revokedAt: daysAgo(2), refreshExpiresAt: daysAgo(60) });

    expect(await purgeDeadSessions(t.db, { retentionMs: RETENTION_MS })).toBeGreaterThanOrEqual(2);
    const all = [oldRevoked, oldExpired, live, recentRevoked, recentExpired, revokedBeforeExpiry, expiredBeforeRevoked];
    const left = await t.db.orm
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, all.map((s) => s.id)));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [live, recentRevoked, recentExpired, revokedBeforeExpiry, expiredBeforeRevoked].map((s) => s.id).sort((a, b) => a - b),
    );
    // The devices stay known to the sign-in ceiling: that never depended on session rows.
    expect(await findKnownDevice(t.db, user.id, oldExpired.ref)).not.toBeNull();
    expect(await findKnownDevice(t.db, user.id, oldRevoked.ref)).not.toBeNull();
    // Nothing left to do: a second run deletes nothing.
    expect(await purgeDeadSessions(t.db, { retentionMs: RETENTION_MS })).toBe(0);
  });

  it('keeps what reuse detection needs: a spent refresh token replayed after a purge still revokes its family', async () => {
    const user = await createUserWithPassword(t.db);
    const first = await signIn(t.app, user.email!);
    const second = (await post(t.app, '/auth/refresh', { refresh_token: first.refresh_token })).body.data;
    // Even with the spent token's expiry passed (within the retention), the row stays.
    await t.db.orm.update(sessions).set({ refresh_expires_at: daysAgo(10) }).where(eq(sessions.refresh_hash, hashToken(first.refresh_token)));
    await purgeDeadSessions(t.db, { retentionMs: RETENTION_MS });
    const replay = await post(t.app, '/auth/refresh', { refresh_token: first.refresh_token });
    expect(replay).toMatchObject({ status: 499, body: { code: 'session_revoked' } });
    expect((await get(t.app, '/auth', bearer(second.token))).status).toBe(499);
    expect((await post(t.app, '/auth/refresh', { refresh_token: second.refresh_token })).status).toBe(499);
  });
});

describe('sessions indexes (migration 0008)', () => {
  it('find sessions by device and by refresh expiry through an index', async () => {
    const rows = await t.db.rows<{ indexname: string; indexdef: string }>(
      sql`SELECT indexname, indexdef FROM pg_indexes
          WHERE tablename = 'sessions' AND indexname IN ('sessions_device_idx', 'sessions_refresh_expires_idx')
          ORDER BY indexname`,
    );
    expect(rows).toEqual([
      { indexname: 'sessions_device_idx', indexdef: expect.stringMatching(/\(device_id\)$/) },
      { indexname: 'sessions_refresh_expires_idx', indexdef: expect.stringMatching(/\(refresh_expires_at\)$/) },
    ]);
  });
});
