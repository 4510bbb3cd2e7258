import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otps } from '../../db/schema';
import { openTestApp, type TestApp } from '../../test/test-app';
import { bearer, createUserWithPassword, deviceRef, get, lastCodeTo, lastMessageTo, PASSWORD, post, signIn, unique } from './auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Nouveau-mot-2';
const reset = (code: string, password = NEW_PASSWORD) => ({ code, password, password_confirmation: password });

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
