import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { bearer, createUserWithPassword, deviceRef, get, PASSWORD, post, signIn } from '../auth/auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

async function loginFrom(login: string, ref: string, userAgent: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { login, password: PASSWORD, device: { ref } },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { token: string; refresh_token: string };
}

describe('GET devices', () => {
  it('lists the signed-in devices with the current one flagged', async () => {
    const user = await createUserWithPassword(t.db);
    const phoneRef = deviceRef();
    const laptopRef = deviceRef();
    await loginFrom(user.email!, phoneRef, 'Mozilla/5.0 (Linux; Android 14)');
    const laptop = await loginFrom(user.email!, laptopRef, 'Mozilla/5.0 (X11; Linux x86_64)');
    const res = await get(t.app, '/devices', bearer(laptop.token));
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    const byRef = Object.fromEntries(res.body.data.map((d: any) => [d.ref, d]));
    expect(byRef[laptopRef]).toMatchObject({ current: true, user_agent: 'Mozilla/5.0 (X11; Linux x86_64)', ip: '127.0.0.1' });
    expect(byRef[phoneRef]).toMatchObject({ current: false, user_agent: 'Mozilla/5.0 (Linux; Android 14)' });
    expect(Date.parse(byRef[phoneRef].last_seen_at)).not.toBeNaN();
  });

  it('needs a signed-in caller', async () => {
    expect((await get(t.app, '/devices')).status).toBe(401);
  });
});

describe('GET auth/logout/{deviceId}', () => {
  it('ends that device’s sessions and drops it from the list', async () => {
    const user = await createUserWithPassword(t.db);
    const phone = await signIn(t.app, user.email!);
    const laptop = await signIn(t.app, user.email!);
    const list = (await get(t.app, '/devices', bearer(laptop.token))).body.data;
    const phoneDevice = list.find((d: any) => !d.current);
    const res = await get(t.app, `/auth/logout/${phoneDevice.id}`, bearer(laptop.token));
    expect(res.status).toBe(200);
    expect((await get(t.app, '/auth', bearer(phone.token))).status).toBe(499);
    expect((await post(t.app, '/auth/refresh', { refresh_token: phone.refresh_token })).status).toBe(499);
    expect((await get(t.app, '/auth', bearer(laptop.token))).status).toBe(200);
    expect((await get(t.app, '/devices', bearer(laptop.token))).body.data.map((d: any) => d.id)).not.toContain(phoneDevice.id);
  });

  it('answers 404 for another user’s device or an absent one', async () => {
    const owner = await createUserWithPassword(t.db);
    const ownerSession = await signIn(t.app, owner.email!);
    const ownerDevice = (await get(t.app, '/devices', bearer(ownerSession.token))).body.data[0];
    const intruder = await createUserWithPassword(t.db);
    const intruderSession = await signIn(t.app, intruder.email!);
    expect((await get(t.app, `/auth/logout/${ownerDevice.id}`, bearer(intruderSession.token))).status).toBe(404);
    expect((await get(t.app, '/auth/logout/999999', bearer(intruderSession.token))).status).toBe(404);
    expect((await get(t.app, '/auth/logout/abc', bearer(intruderSession.token))).status).toBe(404);
    expect((await get(t.app, '/auth', bearer(ownerSession.token))).status).toBe(200);
  });
});
