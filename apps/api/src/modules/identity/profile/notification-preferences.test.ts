import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { bearer, createUserWithPassword, get, post, signIn } from '../auth/auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signedIn() {
  const user = await createUserWithPassword(t.db, {});
  const session = await signIn(t.app, user.email!);
  return bearer(session.token);
}

const DEFAULTS = {
  channels: { email: true, sms: false, in_app: true },
  events: { invitations: true, contributions: true, broadcasts: true, reports: true },
};

describe('notification preferences (profile section "notifications")', () => {
  it('GET auth returns the complete defaults for a user who never chose', async () => {
    const headers = await signedIn();
    const res = await get(t.app, '/auth', headers);
    expect(res.status).toBe(200);
    expect(res.body.data.notification_preferences).toEqual(DEFAULTS);
  });

  it('profile/update merges a partial change into the current preferences', async () => {
    const headers = await signedIn();
    const first = await post(t.app, '/profile/update', { notification_preferences: { channels: { sms: true } } }, headers);
    expect(first.status).toBe(200);
    expect(first.body.data.notification_preferences).toEqual({ ...DEFAULTS, channels: { ...DEFAULTS.channels, sms: true } });

    const second = await post(
      t.app,
      '/profile/update',
      { notification_preferences: { events: { broadcasts: false } } },
      headers,
    );
    expect(second.status).toBe(200);
    const expected = {
      channels: { email: true, sms: true, in_app: true },
      events: { ...DEFAULTS.events, broadcasts: false },
    };
    expect(second.body.data.notification_preferences).toEqual(expected);
    const account = await get(t.app, '/auth', headers);
    expect(account.body.data.notification_preferences).toEqual(expected);
  });

  it('rejects a non-boolean value or an unknown key with 422 and keeps the stored preferences', async () => {
    const headers = await signedIn();
    const badValue = await post(t.app, '/profile/update', { notification_preferences: { channels: { email: 'oui' } } }, headers);
    expect(badValue.status).toBe(422);
    const unknownKey = await post(t.app, '/profile/update', { notification_preferences: { events: { promotions: true } } }, headers);
    expect(unknownKey.status).toBe(422);
    const unknownGroup = await post(t.app, '/profile/update', { notification_preferences: { pigeons: {} } }, headers);
    expect(unknownGroup.status).toBe(422);
    const account = await get(t.app, '/auth', headers);
    expect(account.body.data.notification_preferences).toEqual(DEFAULTS);
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await post(t.app, '/profile/update', { notification_preferences: { channels: { sms: true } } });
    expect(res.status).toBe(401);
  });
});
