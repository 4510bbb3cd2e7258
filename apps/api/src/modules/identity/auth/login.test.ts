import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { sessions, users } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { bearer, createUserWithPassword, deviceRef, get, lastCodeTo, PASSWORD, post, signIn, unique } from './auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

describe('GET auth/test', () => {
  it('answers without a token', async () => {
    const res = await get(t.app, '/auth/test');
    expect(res).toMatchObject({ status: 200, body: { success: true, data: { ok: true } } });
  });
});

describe('POST auth/login', () => {
  it('signs in by username, e-mail or phone, case-insensitively', async () => {
    const user = await createUserWithPassword(t.db, { phone: '699000111' });
    for (const login of [user.username!.toUpperCase(), user.email!.toUpperCase(), '+237 699 00 01 11']) {
      const session = await signIn(t.app, login);
      expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.token).not.toBe(session.refresh_token);
      expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now());
      expect(session.user).toMatchObject({ id: user.id, email: user.email, has_to_change_password: 0 });
      expect(session.user).not.toHaveProperty('password_hash');
    }
  });

  it('stores only hashes of the tokens', async () => {
    const user = await createUserWithPassword(t.db);
    const session = await signIn(t.app, user.email!);
    const rows = await t.db.orm.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].access_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(session.token);
    expect(JSON.stringify(rows)).not.toContain(session.refresh_token);
    const [stored] = await t.db.orm.select({ hash: users.password_hash }).from(users).where(eq(users.id, user.id));
    expect(stored.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers an unknown login and a wrong password exactly alike', async () => {
    const user = await createUserWithPassword(t.db);
    const wrong = await post(t.app, '/auth/login', { login: user.email, password: 'not-the-password', device: { ref: deviceRef() } });
    const unknown = await post(t.app, '/auth/login', { login: `${unique()}@example.cm`, password: 'not-the-password', device: { ref: deviceRef() } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ success: false, code: 'invalid_credentials', message: 'Identifiant ou mot de passe incorrect.' });
  });

  it('refuses a suspended account and a not yet validated one, but only with the right password', async () => {
    const suspended = await createUserWithPassword(t.db, { status: 'suspended' });
    expect((await post(t.app, '/auth/login', { login: suspended.email, password: 'bad-password', device: { ref: deviceRef() } })).status).toBe(401);
    const refused = await post(t.app, '/auth/login', { login: suspended.email, password: PASSWORD, device: { ref: deviceRef() } });
    expect(refused).toMatchObject({ status: 403, body: { code: 'account_suspended' } });
    const pending = await createUserWithPassword(t.db, { status: 'pending', email_verified_at: null });
    const notYet = await post(t.app, '/auth/login', { login: pending.email, password: PASSWORD, device: { ref: deviceRef() } });
    expect(notYet).toMatchObject({ status: 403, body: { code: 'account_not_validated' } });
  });

  it('validates the body with French messages', async () => {
    const res = await post(t.app, '/auth/login', { login: '', password: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors.login).toEqual(["L'identifiant est obligatoire"]);
    expect(res.body.errors.device).toBeDefined();
  });
});

/** A sign-in attempt from a given client address (from a new device unless a ref is given). */
async function loginFrom(app: FastifyInstance, remoteAddress: string, login: string, password: string, ref = deviceRef()) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { login, password, device: { ref } },
    remoteAddress,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe('brute force', () => {
  it('answers 429 with Retry-After after 5 failures for one login from one address, even with the right password', async () => {
    const user = await createUserWithPassword(t.db);
    for (let i = 0; i < 5; i++) {
      const res = await post(t.app, '/auth/login', { login: user.email, password: `wrong-${i}-pass`, device: { ref: deviceRef() } });
      expect(res.status).toBe(401);
    }
    const blocked = await post(t.app, '/auth/login', { login: user.email!.toUpperCase(), password: PASSWORD, device: { ref: deviceRef() } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, code: 'too_many_attempts', message: 'Trop de tentatives ; réessayez plus tard.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
  });

  it('does not let a stranger failing on purpose lock the owner out from another address', async () => {
    const user = await createUserWithPassword(t.db);
    for (let i = 0; i < 5; i++) expect((await loginFrom(t.app, '198.51.100.7', user.email!, 'wrong-pass')).status).toBe(401);
    // Refused attempts of the stranger go on being refused, and count nowhere else.
    for (let i = 0; i < 5; i++) expect((await loginFrom(t.app, '198.51.100.7', user.email!, PASSWORD)).status).toBe(429);
    expect((await loginFrom(t.app, '203.0.113.20', user.email!, PASSWORD)).status).toBe(200);
  });

  it('counts an IPv6 client per /64, so changing address inside it does not reset the count', async () => {
    const user = await createUserWithPassword(t.db);
    for (let i = 1; i <= 5; i++) expect((await loginFrom(t.app, `2001:db8:5:6::${i}`, user.email!, 'wrong-pass')).status).toBe(401);
    expect((await loginFrom(t.app, '2001:db8:5:6:ffff::99', user.email!, PASSWORD)).status).toBe(429);
    expect((await loginFrom(t.app, '2001:db8:5:7::1', user.email!, PASSWORD)).status).toBe(200);
  });

  it('behind a proxy named in TRUST_PROXY, counts the address the proxy saw, not one the client wrote', async () => {
    const proxied = await openTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const user = await createUserWithPassword(proxied.db);
      const attempt = (forwardedFor: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/v2/auth/login',
          payload: { login: user.email, password, device: { ref: deviceRef() } },
          remoteAddress: '10.9.8.7',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let i = 0; i < 5; i++) expect((await attempt(`192.0.2.${i}, 198.51.100.9`, 'wrong-pass')).statusCode).toBe(401);
      expect((await attempt('192.0.2.99, 198.51.100.9', PASSWORD)).statusCode).toBe(429);
      expect((await attempt('198.51.100.10', PASSWORD)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('blocks unknown logins the same way (no enumeration through the limit)', async () => {
    const login = `${unique()}@example.cm`;
    for (let i = 0; i < 5; i++) {
      expect((await post(t.app, '/auth/login', { login, password: 'whatever-pass', device: { ref: deviceRef() } })).status).toBe(401);
    }
    expect((await post(t.app, '/auth/login', { login, password: 'whatever-pass', device: { ref: deviceRef() } })).status).toBe(429);
  });

  it('stops a guess spread over many addresses at the ceiling per identifier, known or unknown alike', async () => {
    const strict = await openTestApp({ AUTH_IDENTIFIER_MAX_FAILURES: '6' });
    try {
      const user = await createUserWithPassword(strict.db);
      const unknown = `${unique()}@example.cm`;
      for (const login of [user.email!, unknown]) {
        for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
          for (let i = 0; i < 2; i++) expect((await loginFrom(strict.app, address, login, 'wrong-pass')).status).toBe(401);
        }
        const blocked = await loginFrom(strict.app, '192.0.2.4', login, PASSWORD);
        expect(blocked.status).toBe(429);
        expect(blocked.body.code).toBe('too_many_attempts');
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another identifier is not affected.
      const other = await createUserWithPassword(strict.db);
      expect((await loginFrom(strict.app, '192.0.2.4', other.email!, PASSWORD)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('limits failures from one address across many logins', async () => {
    const strict = await openTestApp({ AUTH_IP_MAX_FAILURES: '3' });
    try {
      const user = await createUserWithPassword(strict.db);
      for (let i = 0; i < 3; i++) {
        const res = await post(strict.app, '/auth/login', { login: `${unique()}@example.cm`, password: 'nope-nope', device: { ref: deviceRef() } });
        expect(res.status).toBe(401);
      }
      const blocked = await post(strict.app, '/auth/login', { login: user.email, password: PASSWORD, device: { ref: deviceRef() } });
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      const elsewhere = await strict.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { login: user.email, password: PASSWORD, device: { ref: deviceRef() } },
        remoteAddress: '10.1.2.3',
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('keeps the counters in the database, shared by every API process', async () => {
    const user = await createUserWithPassword(t.db);
    // A second app instance over the same database stands for a second API process.
    const other = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMIT_MAX: '100000' }),
      db: t.db,
      serveWeb: false,
    });
    await other.ready();
    try {
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? t.app : other;
        const res = await post(app, '/auth/login', { login: user.username, password: 'bad-password', device: { ref: deviceRef() } });
        expect(res.status).toBe(401);
      }
      const res = await post(other, '/auth/login', { login: user.username, password: PASSWORD, device: { ref: deviceRef() } });
      expect(res.status).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('the ceiling over every address, against a stranger filling it on purpose', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await openTestApp({ AUTH_IDENTIFIER_MAX_FAILURES: '6' });
  });
  afterAll(() => strict.close());

  /** Six failures for the login from three addresses of a stranger: the ceiling is reached. */
  async function fillCeiling(login: string, prefix: string) {
    for (const host of [1, 2, 3]) {
      for (let i = 0; i < 2; i++) expect((await loginFrom(strict.app, `${prefix}.${host}`, login, 'wrong-pass')).status).toBe(401);
    }
  }

  /** A device of the user that held a session, signed out since. */
  async function formerDevice(login: string, address: string): Promise<string> {
    const ref = deviceRef();
    const signedIn = await loginFrom(strict.app, address, login, PASSWORD, ref);
    expect(signedIn.status).toBe(200);
    expect((await get(strict.app, '/auth/logout', bearer(signedIn.body.data.token))).status).toBe(200);
    return ref;
  }

  it('refuses a new device, and lets a device the owner signed in from before sign in', async () => {
    const user = await createUserWithPassword(strict.db);
    const ownPhone = await formerDevice(user.email!, '203.0.113.1');
    await fillCeiling(user.email!, '198.51.100');
    const newDevice = await loginFrom(strict.app, '203.0.113.2', user.email!, PASSWORD);
    expect(newDevice.status).toBe(429);
    expect(Number(newDevice.headers['retry-after'])).toBeGreaterThan(0);
    // The known device: a wrong password is a 401 like any, the right one signs in, from anywhere.
    expect((await loginFrom(strict.app, '203.0.113.3', user.email!, 'typo-pass', ownPhone)).status).toBe(401);
    const owner = await loginFrom(strict.app, '203.0.113.3', user.email!, PASSWORD, ownPhone);
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.id).toBe(user.id);
    // Another account's device is not known for this one.
    const other = await createUserWithPassword(strict.db);
    const othersPhone = await formerDevice(other.email!, '203.0.113.4');
    expect((await loginFrom(strict.app, '203.0.113.4', user.email!, PASSWORD, othersPhone)).status).toBe(429);
  });

  it('shows a stranger the same 429 for an account with known devices and for no account', async () => {
    const user = await createUserWithPassword(strict.db);
    await formerDevice(user.email!, '203.0.113.10');
    const unknown = `${unique()}@example.cm`;
    await fillCeiling(user.email!, '198.51.101');
    await fillCeiling(unknown, '198.51.102');
    const onAccount = await loginFrom(strict.app, '198.51.103.1', user.email!, PASSWORD);
    const onNothing = await loginFrom(strict.app, '198.51.103.1', unknown, PASSWORD);
    expect(onAccount.status).toBe(429);
    expect(onNothing.status).toBe(429);
    expect(onNothing.body).toEqual(onAccount.body);
  });

  it('still counts a known device’s wrong passwords per login and address', async () => {
    const user = await createUserWithPassword(strict.db);
    const ownPhone = await formerDevice(user.email!, '203.0.113.20');
    for (let i = 0; i < 5; i++) expect((await loginFrom(strict.app, '203.0.113.21', user.email!, `wrong-${i}-pass`, ownPhone)).status).toBe(401);
    expect((await loginFrom(strict.app, '203.0.113.21', user.email!, PASSWORD, ownPhone)).status).toBe(429);
    expect((await loginFrom(strict.app, '203.0.113.22', user.email!, PASSWORD, ownPhone)).status).toBe(200);
  });

  it('gives a known device its own ceiling over every address, which locks no other device', async () => {
    const user = await createUserWithPassword(strict.db);
    const leakedRef = await formerDevice(user.email!, '203.0.113.30');
    const laptop = await formerDevice(user.email!, '203.0.113.31');
    for (const host of [1, 2, 3]) {
      for (let i = 0; i < 2; i++) {
        expect((await loginFrom(strict.app, `198.51.104.${host}`, user.email!, 'wrong-pass', leakedRef)).status).toBe(401);
      }
    }
    expect((await loginFrom(strict.app, '198.51.104.4', user.email!, PASSWORD, leakedRef)).status).toBe(429);
    // Its failures count on the login's ceiling too: a new device waits, the laptop does not.
    expect((await loginFrom(strict.app, '198.51.104.4', user.email!, PASSWORD)).status).toBe(429);
    expect((await loginFrom(strict.app, '203.0.113.31', user.email!, PASSWORD, laptop)).status).toBe(200);
  });

  it('forgets the devices a password change signs out, and one signed out from elsewhere, until they sign in again', async () => {
    const user = await createUserWithPassword(strict.db);
    const [here, elsewhere, lost] = [deviceRef(), deviceRef(), deviceRef()];
    const current = (await loginFrom(strict.app, '203.0.113.40', user.email!, PASSWORD, here)).body.data;
    expect((await loginFrom(strict.app, '203.0.113.41', user.email!, PASSWORD, elsewhere)).status).toBe(200);
    expect((await loginFrom(strict.app, '203.0.113.42', user.email!, PASSWORD, lost)).status).toBe(200);
    const devices = await get(strict.app, '/devices', bearer(current.token));
    const lostId = devices.body.data.find((d: { ref: string }) => d.ref === lost).id;
    expect((await get(strict.app, `/auth/logout/${lostId}`, bearer(current.token))).status).toBe(200);
    const newPassword = 'New-password-2';
    const change = { current_password: PASSWORD, password: newPassword, password_confirmation: newPassword };
    expect((await post(strict.app, '/profile/security', change, bearer(current.token))).status).toBe(200);
    // Signing in again makes a forgotten device known again.
    expect((await loginFrom(strict.app, '203.0.113.41', user.email!, newPassword, elsewhere)).status).toBe(200);
    await fillCeiling(user.email!, '198.51.105');
    expect((await loginFrom(strict.app, '203.0.113.42', user.email!, newPassword, lost)).status).toBe(429);
    expect((await loginFrom(strict.app, '203.0.113.40', user.email!, newPassword, here)).status).toBe(200);
    expect((await loginFrom(strict.app, '203.0.113.41', user.email!, newPassword, elsewhere)).status).toBe(200);
  });

  it('forgets every device of the account on a password reset, signed in or not', async () => {
    const user = await createUserWithPassword(strict.db);
    const ownPhone = await formerDevice(user.email!, '203.0.113.50');
    const laptop = deviceRef();
    expect((await loginFrom(strict.app, '203.0.113.51', user.email!, PASSWORD, laptop)).status).toBe(200);
    const asked = await post(strict.app, '/auth/request-password-token', { login: user.email });
    const newPassword = 'New-password-3';
    const body = { code: await lastCodeTo(strict.app, user.email!), password: newPassword, password_confirmation: newPassword };
    expect((await post(strict.app, `/auth/reset-password/${asked.body.data.user.id}`, body)).status).toBe(200);
    await fillCeiling(user.email!, '198.51.106');
    expect((await loginFrom(strict.app, '203.0.113.50', user.email!, newPassword, ownPhone)).status).toBe(429);
    expect((await loginFrom(strict.app, '203.0.113.51', user.email!, newPassword, laptop)).status).toBe(429);
  });
});
