import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otps } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { bearer, createUserWithPassword, deviceRef, get, lastCodeTo, lastMessageTo, PASSWORD, post, signIn, unique } from './auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Nouveau-mot-2';
const reset = (code: string, password = NEW_PASSWORD) => ({ code, password, password_confirmation: password });

/** A reset request from a given client address. */
async function requestFrom(app: FastifyInstance, remoteAddress: string, login: string) {
  const res = await app.inject({ method: 'POST', url: '/api/v2/auth/request-password-token', payload: { login }, remoteAddress });
  return { status: res.statusCode, body: res.json(), headers: res.headers, id: res.json().data?.user?.id as string };
}

/** A code given for a reset id from a given client address. */
async function resetFrom(app: FastifyInstance, remoteAddress: string, id: string, code: string) {
  const res = await app.inject({ method: 'POST', url: `/api/v2/auth/reset-password/${id}`, payload: reset(code), remoteAddress });
  return { status: res.statusCode, body: res.json() };
}

const wrongFor = (code: string) => (code === '123456' ? '654321' : '123456');

describe('POST auth/request-password-token', () => {
  it('answers the same shape for known and unknown logins, with an opaque id', async () => {
    const user = await createUserWithPassword(t.db);
    const known = await post(t.app, '/auth/request-password-token', { login: user.email });
    const unknown = await post(t.app, '/auth/request-password-token', { login: `${unique()}@example.cm` });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body.message).toBe(unknown.body.message);
    for (const res of [known, unknown]) {
      expect(Object.keys(res.body.data)).toEqual(['user']);
      expect(Object.keys(res.body.data.user)).toEqual(['id']);
      expect(res.body.data.user.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    expect(known.body.data.user.id).not.toBe(String(user.id));
    expect((await lastMessageTo(t.app, user.email!))?.subject).toBe('Réinitialisation du mot de passe');
  });

  it('sends the code by SMS to an account that has only a phone', async () => {
    const user = await createUserWithPassword(t.db, { email: null, phone: '677112233' });
    await post(t.app, '/auth/request-password-token', { login: '677 11 22 33' });
    expect((await lastMessageTo(t.app, '677112233'))?.channel).toBe('sms');
    expect(user.id).toBeGreaterThan(0);
  });

  it('limits requests per login with 429 and Retry-After', async () => {
    const login = `${unique()}@example.cm`;
    for (let i = 0; i < 5; i++) expect((await post(t.app, '/auth/request-password-token', { login })).status).toBe(200);
    const blocked = await post(t.app, '/auth/request-password-token', { login });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST auth/reset-password/{id}', () => {
  it('sets the new password with the code and ends every session', async () => {
    const user = await createUserWithPassword(t.db);
    const session = await signIn(t.app, user.email!);
    const id = (await post(t.app, '/auth/request-password-token', { login: user.username })).body.data.user.id;
    const code = await lastCodeTo(t.app, user.email!);
    const res = await post(t.app, `/auth/reset-password/${id}`, reset(code));
    expect(res).toMatchObject({ status: 200, body: { success: true, data: { reset: true } } });
    expect((await get(t.app, '/auth', bearer(session.token))).status).toBe(499);
    expect((await post(t.app, '/auth/login', { login: user.email, password: PASSWORD, device: { ref: deviceRef() } })).status).toBe(401);
    await signIn(t.app, user.email!, NEW_PASSWORD);
    // Single use.
    expect((await post(t.app, `/auth/reset-password/${id}`, reset(code, 'Troisieme-mot-3'))).status).toBe(422);
  });

  it('fails alike for a wrong code and for the id given to an unknown login', async () => {
    const user = await createUserWithPassword(t.db);
    const id = (await post(t.app, '/auth/request-password-token', { login: user.email })).body.data.user.id;
    const code = await lastCodeTo(t.app, user.email!);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const ghost = (await post(t.app, '/auth/request-password-token', { login: `${unique()}@example.cm` })).body.data.user.id;
    const wrong = await post(t.app, `/auth/reset-password/${id}`, reset(wrongCode));
    const unknown = await post(t.app, `/auth/reset-password/${ghost}`, reset(code));
    const numeric = await post(t.app, `/auth/reset-password/${user.id}`, reset(code));
    expect(wrong.status).toBe(422);
    expect(unknown.body).toEqual(wrong.body);
    expect(numeric.body).toEqual(wrong.body);
  });

  it('validates the new password (length, confirmation)', async () => {
    const res = await post(t.app, '/auth/reset-password/abc', { code: '123456', password: 'short', password_confirmation: 'other' });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toEqual(['Le mot de passe doit contenir au moins 8 caractères']);
  });

  it('refuses an expired code', async () => {
    const user = await createUserWithPassword(t.db);
    const id = (await post(t.app, '/auth/request-password-token', { login: user.email })).body.data.user.id;
    const code = await lastCodeTo(t.app, user.email!);
    await t.db.orm.update(otps).set({ expires_at: new Date(Date.now() - 1) }).where(eq(otps.lookup, id));
    expect((await post(t.app, `/auth/reset-password/${id}`, reset(code))).status).toBe(422);
  });
});

describe('password reset brakes', () => {
  it('do not let a stranger asking again and again from elsewhere stop the owner, nor kill the code sent to the owner', async () => {
    const user = await createUserWithPassword(t.db);
    const owner = await requestFrom(t.app, '203.0.113.30', user.email!);
    const code = await lastCodeTo(t.app, user.email!);
    for (let i = 0; i < 5; i++) expect((await requestFrom(t.app, '198.51.100.30', user.email!)).status).toBe(200);
    const refused = await requestFrom(t.app, '198.51.100.30', user.email!);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, code: 'too_many_attempts', message: 'Trop de tentatives ; réessayez plus tard.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner can still ask, and the code of the first request still works.
    expect((await requestFrom(t.app, '203.0.113.30', user.email!)).status).toBe(200);
    expect((await resetFrom(t.app, '203.0.113.30', owner.id, code)).status).toBe(200);
    // Using it retired every other code of the account.
    const live = await t.db.orm
      .select()
      .from(otps)
      .where(and(eq(otps.user_id, user.id), eq(otps.purpose, 'password_reset'), isNull(otps.consumed_at)));
    expect(live).toEqual([]);
  });

  it('count an IPv6 client per /64', async () => {
    const login = `${unique()}@example.cm`;
    for (let i = 1; i <= 5; i++) expect((await requestFrom(t.app, `2001:db8:30:1::${i}`, login)).status).toBe(200);
    expect((await requestFrom(t.app, '2001:db8:30:1:ffff::9', login)).status).toBe(429);
    expect((await requestFrom(t.app, '2001:db8:30:2::1', login)).status).toBe(200);
  });

  it('stop requests spread over many addresses at the ceiling per login, known or unknown alike, and count refused ones nowhere else', async () => {
    const strict = await openTestApp({ AUTH_IDENTIFIER_MAX_CODES: '7' });
    try {
      const user = await createUserWithPassword(strict.db);
      for (const login of [user.email!, `${unique()}@example.cm`]) {
        // One address alone: 5 requests, then refusals that do not count against the ceiling.
        for (let i = 0; i < 5; i++) expect((await requestFrom(strict.app, '192.0.2.31', login)).status).toBe(200);
        for (let i = 0; i < 5; i++) expect((await requestFrom(strict.app, '192.0.2.31', login)).status).toBe(429);
        expect((await requestFrom(strict.app, '192.0.2.32', login)).status).toBe(200);
        expect((await requestFrom(strict.app, '192.0.2.33', login)).status).toBe(200);
        const blocked = await requestFrom(strict.app, '192.0.2.34', login);
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
      const other = await createUserWithPassword(strict.db);
      expect((await requestFrom(strict.app, '192.0.2.34', other.email!)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('limit one address going through many logins', async () => {
    const strict = await openTestApp({ AUTH_IP_MAX_FAILURES: '3' });
    try {
      for (let i = 0; i < 3; i++) expect((await requestFrom(strict.app, '192.0.2.40', `${unique()}@example.cm`)).status).toBe(200);
      expect((await requestFrom(strict.app, '192.0.2.40', `${unique()}@example.cm`)).status).toBe(429);
      expect((await requestFrom(strict.app, '192.0.2.41', `${unique()}@example.cm`)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('bound the wrong codes on one account from one address, whatever the reset id, answering as for an unknown login', async () => {
    const user = await createUserWithPassword(t.db);
    const ghost = `${unique()}@example.cm`;
    const answers: Record<string, number[]> = {};
    for (const login of [user.email!, ghost]) {
      const ids = [(await requestFrom(t.app, '198.51.100.50', login)).id, (await requestFrom(t.app, '198.51.100.50', login)).id];
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await resetFrom(t.app, '198.51.100.50', ids[0], '000000')).status);
      for (let i = 0; i < 3; i++) statuses.push((await resetFrom(t.app, '198.51.100.50', ids[1], '000000')).status);
      answers[login] = statuses;
    }
    expect(answers[user.email!]).toEqual([422, 422, 422, 422, 422, 422]);
    expect(answers[ghost]).toEqual(answers[user.email!]);
    // Past 5 tries on the account from that address, even the right code is refused there...
    const fresh = await requestFrom(t.app, '198.51.100.50', user.email!);
    const code = await lastCodeTo(t.app, user.email!);
    const refused = await resetFrom(t.app, '198.51.100.50', fresh.id, code);
    expect(refused).toMatchObject({ status: 422, body: { errors: { code: ['Code invalide ou expiré.'] } } });
    // ...but not from the owner's address.
    expect((await resetFrom(t.app, '203.0.113.51', fresh.id, code)).status).toBe(200);
  });

  it('bound the wrong codes on one account over every address (AUTH_ACCOUNT_MAX_RESET_FAILURES)', async () => {
    const strict = await openTestApp({ AUTH_ACCOUNT_MAX_RESET_FAILURES: '6' });
    try {
      const user = await createUserWithPassword(strict.db);
      for (const address of ['192.0.2.61', '192.0.2.62', '192.0.2.63']) {
        const { id } = await requestFrom(strict.app, address, user.email!);
        const code = await lastCodeTo(strict.app, user.email!);
        for (let i = 0; i < 2; i++) expect((await resetFrom(strict.app, address, id, wrongFor(code))).status).toBe(422);
      }
      const { id } = await requestFrom(strict.app, '192.0.2.64', user.email!);
      const code = await lastCodeTo(strict.app, user.email!);
      expect((await resetFrom(strict.app, '192.0.2.64', id, code)).status).toBe(422);
      const [row] = await strict.db.orm.select().from(otps).where(eq(otps.lookup, id));
      // Refused before the code was even looked at.
      expect(row).toMatchObject({ attempts: 0, consumed_at: null });
    } finally {
      await strict.close();
    }
  });
});
