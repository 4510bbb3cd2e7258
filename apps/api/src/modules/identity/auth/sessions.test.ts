import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { bearer, createUserWithPassword, deviceRef, get, PASSWORD, post, signIn } from './auth.test-helpers';
import { hashToken } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

async function expireAccessToken(token: string) {
  await t.db.orm
    .update(sessions)
    .set({ access_expires_at: new Date(Date.now() - 1000) })
    .where(eq(sessions.access_hash, hashToken(token)));
}

describe('access tokens', () => {
  it('authenticate GET auth; absent or unknown credentials are 401', async () => {
    const user = await createUserWithPassword(t.db);
    const session = await signIn(t.app, user.email!);
    expect((await get(t.app, '/auth', bearer(session.token))).body.data.id).toBe(user.id);
    expect((await get(t.app, '/auth')).status).toBe(401);
    expect((await get(t.app, '/auth', bearer('A'.repeat(43)))).status).toBe(401);
    expect((await get(t.app, '/auth', bearer('not a token'))).status).toBe(401);
    expect((await get(t.app, '/auth', { authorization: 'Basic abc' })).status).toBe(401);
    // The refresh token is not an access token.
    expect((await get(t.app, '/auth', bearer(session.refresh_token))).status).toBe(401);
  });

  it('answer 498 once expired, 499 once revoked', async () => {
    const user = await createUserWithPassword(t.db);
    const session = await signIn(t.app, user.email!);
    await expireAccessToken(session.token);
    const expired = await get(t.app, '/auth', bearer(session.token));
    expect(expired).toMatchObject({ status: 498, body: { code: 'token_expired', message: 'Votre session a expiré ; veuillez vous reconnecter.' } });
    const other = await signIn(t.app, user.email!);
    await get(t.app, '/auth/logout', bearer(other.token));
    const revoked = await get(t.app, '/auth', bearer(other.token), );
    expect(revoked).toMatchObject({ status: 499, body: { code: 'session_revoked' } });
  });

  it('leave public routes working without a token, and sign-in working with a stale one', async () => {
    expect((await get(t.app, '/zones?limit=1')).status).toBe(200);
    const user = await createUserWithPassword(t.db);
    const session = await signIn(t.app, user.email!);
    await expireAccessToken(session.token);
    const again = await post(t.app, '/auth/login', { login: user.email, password: PASSWORD, device: { ref: deviceRef() } }, bearer(session.token));
    expect(again.status).toBe(200);
  });
});

describe('POST auth/refresh', () => {
  it('rotates: a new pair in the same family, the old refresh token spent', async () => {
    const user = await createUserWithPassword(t.db);
    const first = await signIn(t.app, user.email!);
    await expireAccessToken(first.token);
    // The client refreshes with its expired access token still in the header.
    const res = await post(t.app, '/auth/refresh', { refresh_token: first.refresh_token }, bearer(first.token));
    expect(res.status).toBe(200);
    const second = res.body.data;
    expect(second.token).not.toBe(first.token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(Object.keys(second).sort()).toEqual(['expires_at', 'refresh_expires_at', 'refresh_token', 'token']);
    expect((await get(t.app, '/auth', bearer(second.token))).status).toBe(200);
    const rows = await t.db.orm.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.family)).size).toBe(1);
    expect(rows.filter((r) => r.rotated_at !== null)).toHaveLength(1);
  });

  it('revokes the whole family when a spent refresh token is replayed', async () => {
    const user = await createUserWithPassword(t.db);
    const first = await signIn(t.app, user.email!);
    const second = (await post(t.app, '/auth/refresh', { refresh_token: first.refresh_token })).body.data;
    const replay = await post(t.app, '/auth/refresh', { refresh_token: first.refresh_token });
    expect(replay).toMatchObject({ status: 499, body: { code: 'session_revoked' } });
    // The legitimate holder of the newer pair is out too.
    expect((await get(t.app, '/auth', bearer(second.token))).status).toBe(499);
    expect((await post(t.app, '/auth/refresh', { refresh_token: second.refresh_token })).status).toBe(499);
  });

  it('refuses unknown and expired refresh tokens with 401', async () => {
    expect((await post(t.app, '/auth/refresh', { refresh_token: 'B'.repeat(43) })).status).toBe(401);
    const user = await createUserWithPassword(t.db);
    const session = await signIn(t.app, user.email!);
    await t.db.orm
      .update(sessions)
      .set({ refresh_expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.refresh_hash, hashToken(session.refresh_token)));
    expect((await post(t.app, '/auth/refresh', { refresh_token: session.refresh_token })).body.code).toBe('refresh_expired');
  });
});

describe('GET auth/logout', () => {
  it('revokes both tokens of the session', async () => {
    const user = await createUserWithPassword(t.db);
    const session = await signIn(t.app, user.email!);
    const out = await get(t.app, '/auth/logout', bearer(session.token));
    expect(out).toMatchObject({ status: 200, body: { success: true, message: 'Vous êtes déconnecté.' } });
    expect((await get(t.app, '/auth', bearer(session.token))).status).toBe(499);
    expect((await post(t.app, '/auth/refresh', { refresh_token: session.refresh_token })).status).toBe(499);
  });

  it('still ends the session with an expired access token; 401 without any', async () => {
    const user = await createUserWithPassword(t.db);
    const session = await signIn(t.app, user.email!);
    await expireAccessToken(session.token);
    expect((await get(t.app, '/auth/logout', bearer(session.token))).status).toBe(200);
    expect((await post(t.app, '/auth/refresh', { refresh_token: session.refresh_token })).status).toBe(499);
    expect((await get(t.app, '/auth/logout')).status).toBe(401);
  });
});

describe('one session per device', () => {
  it('signing in again from the same device ref ends that device’s previous session only', async () => {
    const user = await createUserWithPassword(t.db);
    const ref = deviceRef();
    const onPhone = await signIn(t.app, user.email!, PASSWORD, ref);
    const onLaptop = await signIn(t.app, user.email!);
    const again = await signIn(t.app, user.email!, PASSWORD, ref);
    expect((await get(t.app, '/auth', bearer(onPhone.token))).status).toBe(499);
    expect((await get(t.app, '/auth', bearer(onLaptop.token))).status).toBe(200);
    expect((await get(t.app, '/auth', bearer(again.token))).status).toBe(200);
  });
});

describe('password change', () => {
  it('ends the other sessions and keeps the current one', async () => {
    const user = await createUserWithPassword(t.db);
    const here = await signIn(t.app, user.email!);
    const elsewhere = await signIn(t.app, user.email!);
    const res = await post(
      t.app,
      '/profile/security',
      { current_password: PASSWORD, password: 'New-password-2', password_confirmation: 'New-password-2' },
      bearer(here.token),
    );
    expect(res.status).toBe(200);
    expect((await get(t.app, '/auth', bearer(here.token))).status).toBe(200);
    expect((await get(t.app, '/auth', bearer(elsewhere.token))).status).toBe(499);
    expect((await post(t.app, '/auth/refresh', { refresh_token: elsewhere.refresh_token })).status).toBe(499);
    await signIn(t.app, user.email!, 'New-password-2');
    expect((await post(t.app, '/auth/login', { login: user.email, password: PASSWORD, device: { ref: deviceRef() } })).status).toBe(401);
  });
});
