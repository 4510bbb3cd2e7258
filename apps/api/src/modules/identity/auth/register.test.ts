import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otps, userRoles, roles, users } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { bearer, createUserWithPassword, deviceRef, get, lastCodeTo, lastMessageTo, post, signIn, unique } from './auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Bonjour-2024';

function registration(email: string, extra: Record<string, unknown> = {}) {
  return { name: 'Awa Ngono', email, password: PASSWORD, password_confirmation: PASSWORD, promotional_offers: true, ...extra };
}

function registerFrom(remoteAddress: string, email: string) {
  return t.app.inject({ method: 'POST', url: '/api/v2/auth/register', payload: registration(email), remoteAddress });
}

async function userByEmail(email: string) {
  const [row] = await t.db.orm.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

describe('POST auth/register', () => {
  it('creates a pending customer and e-mails a six-digit code', async () => {
    const email = `${unique()}@example.cm`;
    const res = await post(t.app, '/auth/register', registration(email));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: { email },
      message: 'Un code de validation a été envoyé à votre adresse e-mail.',
    });
    const user = await userByEmail(email);
    expect(user).toMatchObject({ type: 'customer', status: 'pending', first_name: 'Awa Ngono', promotional_offers: true });
    expect(user.email_verified_at).toBeNull();
    const granted = await t.db.orm
      .select({ slug: roles.slug })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.role_id))
      .where(eq(userRoles.user_id, user.id));
    expect(granted.map((r) => r.slug)).toContain('customer');
    const message = await lastMessageTo(t.app, email);
    expect(message?.subject).toBe('Votre code de validation');
    const [otp] = await t.db.orm.select().from(otps).where(eq(otps.user_id, user.id));
    expect(otp.code_hash).not.toContain(await lastCodeTo(t.app, email));
  });

  it('answers the same for an address that already has an account, and warns its owner', async () => {
    const existing = await createUserWithPassword(t.db);
    const fresh = await post(t.app, '/auth/register', registration(`${unique()}@example.cm`));
    const taken = await post(t.app, '/auth/register', registration(existing.email!.toUpperCase()));
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body.data)).toEqual(Object.keys(fresh.body.data));
    expect(taken.body.message).toBe(fresh.body.message);
    const warning = await lastMessageTo(t.app, existing.email!);
    expect(warning?.subject).toBe("Tentative d'inscription");
    expect(warning?.body).not.toMatch(/\d{6}/);
    // The existing account is untouched: its password still works.
    await signIn(t.app, existing.email!);
  });

  it('lets a new sign-up replace an account that never proved its address', async () => {
    const email = `${unique()}@example.cm`;
    await post(t.app, '/auth/register', registration(email, { password: 'Squatter-pass', password_confirmation: 'Squatter-pass' }));
    await post(t.app, '/auth/register', registration(email, { name: 'Vraie Personne' }));
    const code = await lastCodeTo(t.app, email);
    const validated = await post(t.app, '/auth/validate-account', { email, code, device: { ref: deviceRef() } });
    expect(validated.status).toBe(200);
    expect(validated.body.data.user.name).toBe('Vraie Personne');
    expect((await post(t.app, '/auth/login', { login: email, password: 'Squatter-pass', device: { ref: deviceRef() } })).status).toBe(401);
  });

  it('answers field errors with the sign-up messages in the request language, French by default', async () => {
    const bad = { name: '', email: 'nope', password: 'short', password_confirmation: 'other' };
    const fr = await post(t.app, '/auth/register', bad);
    expect(fr.status).toBe(422);
    expect(fr.body.errors.name).toEqual(['Votre nom et prénom sont obligatoires']);
    expect(fr.body.errors.email).toEqual(['Veuillez saisir une adresse e-mail valide']);
    expect(fr.body.errors.password).toEqual(['Le mot de passe doit contenir au moins 8 caractères']);
    const de = await post(t.app, '/auth/register', { ...bad, password: 'long-enough-1' }, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(de.body.errors.password_confirmation).toEqual(['Die Passwörter stimmen nicht überein']);
    const zh = await post(t.app, '/auth/register', { ...bad, email: '' }, { 'accept-language': 'zh-CN' });
    expect(zh.body.errors.email[0]).toBe('请输入您的电子邮箱，登录时需要使用');
    const mx = await post(t.app, '/auth/register', bad, { 'accept-language': 'es-MX' });
    expect(mx.body.errors.name).toEqual(['Tu nombre y apellido son obligatorios']);
  });

  it('limits sign-ups of one address per client address with 429, without blocking it from elsewhere', async () => {
    const email = `${unique()}@example.cm`;
    for (let i = 0; i < 5; i++) expect((await registerFrom('198.51.100.70', email)).statusCode).toBe(201);
    const blocked = await registerFrom('198.51.100.70', email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, code: 'too_many_attempts', message: 'Trop de tentatives ; réessayez plus tard.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner of the address, elsewhere, still gets a code.
    expect((await registerFrom('203.0.113.70', email)).statusCode).toBe(201);
    await lastCodeTo(t.app, email);
  });
});

describe('POST auth/validate-account', () => {
  it('activates the account with the code and signs in on the device', async () => {
    const email = `${unique()}@example.cm`;
    await post(t.app, '/auth/register', registration(email));
    expect((await post(t.app, '/auth/login', { login: email, password: PASSWORD, device: { ref: deviceRef() } })).body.code).toBe(
      'account_not_validated',
    );
    const code = await lastCodeTo(t.app, email);
    const res = await post(t.app, '/auth/validate-account', { email, code, device: { ref: deviceRef() } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email, type: 'customer' });
    expect(res.body.data.user.email_verified_at).not.toBeNull();
    expect((await get(t.app, '/auth', bearer(res.body.data.token))).status).toBe(200);
    await signIn(t.app, email, PASSWORD);
  });

  it('accepts a code once only; without a device it answers validated', async () => {
    const email = `${unique()}@example.cm`;
    await post(t.app, '/auth/register', registration(email));
    const code = await lastCodeTo(t.app, email);
    expect(await post(t.app, '/auth/validate-account', { login: email, code })).toMatchObject({
      status: 200,
      body: { data: { validated: true } },
    });
    const again = await post(t.app, '/auth/validate-account', { login: email, code });
    expect(again).toMatchObject({ status: 422, body: { errors: { code: ['Code invalide ou expiré.'] } } });
  });

  it('answers an unknown address exactly like a wrong code', async () => {
    const email = `${unique()}@example.cm`;
    await post(t.app, '/auth/register', registration(email));
    const code = await lastCodeTo(t.app, email);
    const wrong = await post(t.app, '/auth/validate-account', { email, code: code === '000000' ? '111111' : '000000' });
    const unknown = await post(t.app, '/auth/validate-account', { email: `${unique()}@example.cm`, code });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('kills a code after 5 wrong guesses, then answers 429', async () => {
    const email = `${unique()}@example.cm`;
    await post(t.app, '/auth/register', registration(email));
    const code = await lastCodeTo(t.app, email);
    const wrong = code === '999999' ? '000000' : '999999';
    for (let i = 0; i < 5; i++) expect((await post(t.app, '/auth/validate-account', { email, code: wrong })).status).toBe(422);
    const blocked = await post(t.app, '/auth/validate-account', { email, code });
    expect(blocked.status).toBe(429);
    const user = await userByEmail(email);
    const [otp] = await t.db.orm.select().from(otps).where(and(eq(otps.user_id, user.id), eq(otps.purpose, 'account_validation')));
    expect(otp.attempts).toBe(5);
  });

  it('counts wrong validation codes per account whatever the client address (the code is what is guessed)', async () => {
    const email = `${unique()}@example.cm`;
    const validateFrom = (remoteAddress: string, code: string) =>
      t.app.inject({ method: 'POST', url: '/api/v2/auth/validate-account', payload: { email, code }, remoteAddress });
    for (let i = 1; i <= 5; i++) {
      // A new code each time, from a new address: only the count per account stops the guesses.
      await registerFrom(`192.0.2.8${i}`, email);
      const code = await lastCodeTo(t.app, email);
      expect((await validateFrom(`192.0.2.8${i}`, code === '000000' ? '111111' : '000000')).statusCode).toBe(422);
    }
    await registerFrom('203.0.113.80', email);
    expect((await validateFrom('203.0.113.80', await lastCodeTo(t.app, email))).statusCode).toBe(429);
  });

  it('refuses an expired code', async () => {
    const email = `${unique()}@example.cm`;
    await post(t.app, '/auth/register', registration(email));
    const code = await lastCodeTo(t.app, email);
    const user = await userByEmail(email);
    await t.db.orm.update(otps).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(otps.user_id, user.id));
    expect((await post(t.app, '/auth/validate-account', { email, code })).status).toBe(422);
  });

  it('keeps only the newest code alive', async () => {
    const email = `${unique()}@example.cm`;
    await post(t.app, '/auth/register', registration(email));
    const first = await lastCodeTo(t.app, email);
    await post(t.app, '/auth/register', registration(email));
    const second = await lastCodeTo(t.app, email);
    if (first !== second) expect((await post(t.app, '/auth/validate-account', { email, code: first })).status).toBe(422);
    expect((await post(t.app, '/auth/validate-account', { email, code: second })).status).toBe(200);
  });
});
