import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otps, users } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { bearer, createUserWithPassword, get, lastCodeTo, lastMessageTo, post, signIn } from './auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  // A high failure limit here, so that the per-code attempt limit is what is tested.
  t = await openTestApp({ AUTH_MAX_FAILURES: '50' });
});
afterAll(() => t.close());

async function signedInUser(fields: Parameters<typeof createUserWithPassword>[1] = {}) {
  const user = await createUserWithPassword(t.db, fields);
  const session = await signIn(t.app, user.email ?? user.username!);
  return { user, headers: bearer(session.token) };
}

describe('users/{id}/sendotp and validateotp', () => {
  it('send a code to the own e-mail and verify it (POST), once only', async () => {
    const { user, headers } = await signedInUser({ email_verified_at: null });
    const sent = await post(t.app, `/users/${user.id}/sendotp`, {}, headers);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ channel: 'email' });
    expect(sent.body.data.destination).not.toBe(user.email);
    const code = await lastCodeTo(t.app, user.email!);
    const ok = await post(t.app, `/users/${user.id}/validateotp`, { code }, headers);
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.email_verified_at).not.toBeNull();
    expect((await post(t.app, `/users/${user.id}/validateotp`, { code }, headers)).status).toBe(422);
  });

  it('work with GET too, and by SMS to the account phone', async () => {
    const { user, headers } = await signedInUser({ phone: '655443322' });
    expect((await get(t.app, `/users/${user.id}/sendotp?channel=sms`, headers)).status).toBe(200);
    expect((await lastMessageTo(t.app, '655443322'))?.channel).toBe('sms');
    const code = await lastCodeTo(t.app, '655443322');
    const ok = await get(t.app, `/users/${user.id}/validateotp?code=${code}`, headers);
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.phone_verified_at).not.toBeNull();
  });

  it('kill a code after 5 wrong attempts, even if the 6th is right', async () => {
    const { user, headers } = await signedInUser();
    await post(t.app, `/users/${user.id}/sendotp`, {}, headers);
    const code = await lastCodeTo(t.app, user.email!);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post(t.app, `/users/${user.id}/validateotp`, { code: wrong }, headers)).status).toBe(422);
    expect((await post(t.app, `/users/${user.id}/validateotp`, { code }, headers)).status).toBe(422);
  });

  it('refuse an expired code', async () => {
    const { user, headers } = await signedInUser();
    await post(t.app, `/users/${user.id}/sendotp`, {}, headers);
    const code = await lastCodeTo(t.app, user.email!);
    await t.db.orm.update(otps).set({ expires_at: new Date(Date.now() - 1) }).where(eq(otps.user_id, user.id));
    expect((await post(t.app, `/users/${user.id}/validateotp`, { code }, headers)).status).toBe(422);
  });

  it('are for oneself only (403), or any account for a platform admin; 401 without a token', async () => {
    const { headers } = await signedInUser();
    const other = await createUserWithPassword(t.db);
    expect((await post(t.app, `/users/${other.id}/sendotp`, {}, headers)).status).toBe(403);
    expect((await post(t.app, `/users/${other.id}/validateotp`, { code: '123456' }, headers)).status).toBe(403);
    expect((await post(t.app, `/users/${other.id}/sendotp`, {})).status).toBe(401);
    const admin = await signedInUser({ type: 'admin' });
    expect((await post(t.app, `/users/${other.id}/sendotp`, {}, admin.headers)).status).toBe(200);
    expect((await post(t.app, '/users/999999/sendotp', {}, admin.headers)).status).toBe(404);
  });
});

describe('users/validate_phone_request and validate_phone', () => {
  it('verify a new mobile number by SMS and make it the account phone', async () => {
    const { user, headers } = await signedInUser();
    const asked = await post(t.app, '/users/validate_phone_request', { phone: '+237 691 22 33 44' }, headers);
    expect(asked).toMatchObject({ status: 200, body: { data: { phone: '691223344' } } });
    const code = await lastCodeTo(t.app, '691223344');
    const done = await post(t.app, '/users/validate_phone', { phone: '691223344', code }, headers);
    expect(done.status).toBe(200);
    const [row] = await t.db.orm.select().from(users).where(eq(users.id, user.id));
    expect(row.phone).toBe('691223344');
    expect(row.phone_verified_at).not.toBeNull();
  });

  it('refuse numbers outside the mobile prefixes (422), and a code for another number', async () => {
    const { headers } = await signedInUser();
    for (const phone of ['222123456', '600000000', '69122334', 'abc']) {
      const res = await post(t.app, '/users/validate_phone_request', { phone }, headers);
      expect(res.status, phone).toBe(422);
      expect(res.body.errors.phone).toBeDefined();
    }
    await post(t.app, '/users/validate_phone_request', { phone: '650112233' }, headers);
    const code = await lastCodeTo(t.app, '650112233');
    expect((await post(t.app, '/users/validate_phone', { phone: '650112234', code }, headers)).status).toBe(422);
  });

  it('answer 409 when another account already holds the number', async () => {
    await createUserWithPassword(t.db, { phone: '682000111' });
    const { headers } = await signedInUser();
    await post(t.app, '/users/validate_phone_request', { phone: '682000111' }, headers);
    const code = await lastCodeTo(t.app, '682000111');
    expect((await post(t.app, '/users/validate_phone', { phone: '682000111', code }, headers)).status).toBe(409);
  });

  it('need a signed-in caller', async () => {
    expect((await post(t.app, '/users/validate_phone_request', { phone: '691223344' })).status).toBe(401);
  });
});

describe('brakes on sending and checking codes (default limits)', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await openTestApp();
  });
  afterAll(() => d.close());

  async function as(remoteAddress: string, method: 'GET' | 'POST', url: string, token: string, payload?: object) {
    const res = await d.app.inject({ method, url: `/api/v2${url}`, headers: bearer(token), remoteAddress, ...(payload && { payload }) });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  it('count sends per account and client address: 429 from one address, the others go on', async () => {
    const user = await createUserWithPassword(d.db, { phone: '655000101' });
    const { token } = await signIn(d.app, user.email!);
    const sends = [
      (address: string) => as(address, 'POST', `/users/${user.id}/sendotp`, token, {}),
      (address: string) => as(address, 'POST', '/users/validate_phone_request', token, { phone: '691000102' }),
    ];
    for (const send of sends) {
      for (let i = 0; i < 5; i++) expect((await send('198.51.100.90')).status).toBe(200);
      const blocked = await send('198.51.100.90');
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('too_many_attempts');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send('203.0.113.90')).status).toBe(200);
    }
  });

  it('count wrong codes per account whatever the client address', async () => {
    const user = await createUserWithPassword(d.db);
    const { token } = await signIn(d.app, user.email!);
    for (let i = 1; i <= 5; i++) {
      await as(`192.0.2.9${i}`, 'POST', `/users/${user.id}/sendotp`, token, {});
      const code = await lastCodeTo(d.app, user.email!);
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await as(`192.0.2.9${i}`, 'POST', `/users/${user.id}/validateotp`, token, { code: wrong })).status).toBe(422);
    }
    await as('203.0.113.91', 'POST', `/users/${user.id}/sendotp`, token, {});
    const right = await lastCodeTo(d.app, user.email!);
    expect((await as('203.0.113.91', 'POST', `/users/${user.id}/validateotp`, token, { code: right })).status).toBe(429);
  });
});
