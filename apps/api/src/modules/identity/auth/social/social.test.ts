import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdentities, users } from '../../../../db/schema';
import { openTestApp, type TestApp } from '../../../../test/test-app';
import { bearer, createUserWithPassword, deviceRef, get, post, unique } from '../auth.test-helpers';
import { type LocalIdp, startLocalIdp } from './local-idp.test-helpers';

let idp: LocalIdp;
let t: TestApp;
beforeAll(async () => {
  idp = await startLocalIdp();
  t = await openTestApp({
    GOOGLE_CLIENT_ID: idp.clientId,
    GOOGLE_JWKS_URL: idp.jwksUrl,
    GOOGLE_ISSUER: idp.issuer,
    FACEBOOK_APP_ID: idp.appId,
    FACEBOOK_APP_SECRET: idp.appSecret,
    FACEBOOK_GRAPH_URL: idp.graphUrl,
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const google = (idToken: string) => post(t.app, '/auth/google_login', { id_token: idToken, device: { ref: deviceRef() } });
const facebook = (token: string) => post(t.app, '/auth/facebook_login', { access_token: token, device: { ref: deviceRef() } });

describe('GET auth/providers', () => {
  it('lists the configured providers with their public ids', async () => {
    const res = await get(t.app, '/auth/providers');
    expect(res.body.data).toEqual({ google: true, facebook: true, google_client_id: idp.clientId, facebook_app_id: idp.appId });
  });

  it('shows none, and refuses sign-in with 404, when nothing is configured', async () => {
    const bare = await openTestApp();
    try {
      expect((await get(bare.app, '/auth/providers')).body.data).toMatchObject({ google: false, facebook: false });
      const token = await idp.signGoogleToken();
      const res = await post(bare.app, '/auth/google_login', { id_token: token, device: { ref: deviceRef() } });
      expect(res).toMatchObject({ status: 404, body: { code: 'provider_not_configured' } });
      const fb = await post(bare.app, '/auth/facebook_login', { access_token: 'x'.repeat(20), device: { ref: deviceRef() } });
      expect(fb.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('POST auth/google_login', () => {
  it('creates a customer for a new verified e-mail, then finds it again by subject', async () => {
    const email = `${unique()}@gmail.com`;
    const sub = unique('g');
    const first = await google(await idp.signGoogleToken({ sub, email, given_name: 'Paul', family_name: 'Biya' }));
    expect(first.status).toBe(200);
    expect(first.body.data.user).toMatchObject({ email, first_name: 'Paul', last_name: 'Biya', type: 'customer' });
    expect(first.body.data.user.email_verified_at).not.toBeNull();
    expect((await get(t.app, '/auth', bearer(first.body.data.token))).status).toBe(200);
    const second = await google(await idp.signGoogleToken({ sub, email: `${unique()}@other.cm` }));
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
    const links = await t.db.orm.select().from(userIdentities).where(eq(userIdentities.subject, sub));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ provider: 'google', user_id: first.body.data.user.id });
  });

  it('links an existing account by verified e-mail', async () => {
    const existing = await createUserWithPassword(t.db);
    const res = await google(await idp.signGoogleToken({ sub: unique('g'), email: existing.email!.toUpperCase() }));
    expect(res.body.data.user.id).toBe(existing.id);
  });

  it('does not link by an unverified e-mail', async () => {
    const existing = await createUserWithPassword(t.db);
    const res = await google(await idp.signGoogleToken({ sub: unique('g'), email: existing.email, email_verified: false }));
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).not.toBe(existing.id);
    expect(res.body.data.user.email).toBeNull();
  });

  it('takes over an account that never proved its address, dropping the password set by whoever created it', async () => {
    const email = `${unique()}@gmail.com`;
    const pending = await createUserWithPassword(t.db, { email, status: 'pending', email_verified_at: null });
    const res = await google(await idp.signGoogleToken({ sub: unique('g'), email }));
    expect(res.body.data.user.id).toBe(pending.id);
    const [row] = await t.db.orm.select().from(users).where(eq(users.id, pending.id));
    expect(row).toMatchObject({ status: 'active', password_hash: null });
  });

  it('refuses a bad signature, a wrong audience or issuer, an expired token and garbage with 401', async () => {
    const cases = {
      'foreign key': await idp.signWithForeignKey({ sub: unique('g') }),
      audience: await idp.signGoogleToken({ sub: unique('g'), aud: 'someone-else.apps.googleusercontent.com' }),
      issuer: await idp.signGoogleToken({ sub: unique('g'), iss: 'https://evil.example' }),
      expired: await idp.signGoogleToken({ sub: unique('g') }, { expiresInS: -120 }),
      garbage: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
    };
    for (const [label, token] of Object.entries(cases)) {
      const res = await google(token);
      expect(res.status, label).toBe(401);
      expect(res.body.code, label).toBe('invalid_provider_token');
    }
  });

  it('answers 502 when the provider keys cannot be fetched', async () => {
    const broken = await openTestApp({ GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_JWKS_URL: `${idp.baseUrl}/missing` });
    try {
      const res = await post(broken.app, '/auth/google_login', { id_token: await idp.signGoogleToken(), device: { ref: deviceRef() } });
      expect(res).toMatchObject({ status: 502, body: { code: 'provider_unavailable' } });
    } finally {
      await broken.close();
    }
  });
});

describe('POST auth/facebook_login', () => {
  it('verifies the token with debug_token and signs in the profile of me', async () => {
    const token = `fb-${unique()}`;
    const email = `${unique()}@facebook.test`;
    idp.addFacebookToken(token, { id: unique('fb'), name: 'Marie Mballa', email });
    const res = await facebook(token);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email, first_name: 'Marie Mballa' });
  });

  it('refuses a token of another app, an invalid or expired one, and a profile of another user', async () => {
    const cases: Array<[string, Parameters<LocalIdp['addFacebookToken']>[2]]> = [
      ['other app', { appId: '999' }],
      ['invalid', { valid: false }],
      ['expired', { expiresAt: Math.floor(Date.now() / 1000) - 60 }],
      ['other profile', { meId: 'someone-else' }],
    ];
    for (const [label, options] of cases) {
      const token = `fb-${unique()}`;
      idp.addFacebookToken(token, { id: unique('fb') }, options);
      const res = await facebook(token);
      expect(res.status, label).toBe(401);
    }
    expect((await facebook(`fb-unknown-${unique()}`)).status).toBe(401);
  });
});
