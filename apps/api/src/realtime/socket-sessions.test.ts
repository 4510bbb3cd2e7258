import { randomBytes } from 'node:crypto';
import { userRoom } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestUser, TEST_PASSWORD, type TestUser } from '../modules/tenancy/companies/tenancy.test-support';
import { openSocketTestApp, type SocketTestApp } from '../test/socket-app';
import { eventNames } from './socket-test-support';

// Sessions ended through the auth services (API.md "Socket"): the sockets signed in with
// exactly those sessions are refused (499) and dropped at once, not at the minute sweep;
// the sockets of the user's other sessions stay connected and keep receiving.
let t: SocketTestApp;

beforeAll(async () => {
  t = await openSocketTestApp();
});

afterEach(() => t.closeClients());

afterAll(() => t?.close());

/** One device of the user: signed in through POST auth/login, with a signed-in socket. */
async function deviceOf(user: TestUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { login: user.email, password: TEST_PASSWORD, device: { ref: `dev-${randomBytes(6).toString('hex')}` } },
  });
  expect(res.statusCode).toBe(200);
  const { token, refresh_token } = res.json().data as { token: string; refresh_token: string };
  const session = { userId: user.id, token };
  const client = await t.signedInClient(token);
  return { session, refreshToken: refresh_token, client };
}

type Device = Awaited<ReturnType<typeof deviceOf>>;

async function expectDropped(device: Device, from: number) {
  expect(await device.client.next('auth:error', from)).toEqual({ status: 499, message: expect.any(String) });
  await device.client.next('disconnect', from);
}

/** The device's socket still gets its user room's events and was refused nothing since `from`. */
async function expectStillListening(device: Device, from: number) {
  t.app.events.publish('notification.created', userRoom(device.session.userId), { id: 7 });
  expect(await device.client.next('notification.created', from)).toEqual({ room: userRoom(device.session.userId), data: { id: 7 } });
  expect(eventNames(device.client, from)).not.toContain('auth:error');
  expect(device.client.socket.connected).toBe(true);
}

describe('sessions ended through the API', () => {
  it('logout ends that device’s socket at once and keeps the other device’s', async () => {
    const user = await createTestUser(t);
    const [phone, laptop] = [await deviceOf(user), await deviceOf(user)];
    const [fromPhone, fromLaptop] = [phone.client.events.length, laptop.client.events.length];

    expect((await call(t, 'GET', 'auth/logout', phone.session)).status).toBe(200);

    await expectDropped(phone, fromPhone);
    await expectStillListening(laptop, fromLaptop);
  });

  it('signing a device out from another ends only that device’s socket', async () => {
    const user = await createTestUser(t);
    const [phone, laptop] = [await deviceOf(user), await deviceOf(user)];
    const devices = (await call(t, 'GET', 'devices', laptop.session)).body.data as { id: number; current: boolean }[];
    const phoneDevice = devices.find((d) => !d.current);
    expect(devices).toHaveLength(2);
    const [fromPhone, fromLaptop] = [phone.client.events.length, laptop.client.events.length];

    expect((await call(t, 'GET', `auth/logout/${phoneDevice?.id}`, laptop.session)).status).toBe(200);

    await expectDropped(phone, fromPhone);
    await expectStillListening(laptop, fromLaptop);
  });

  it('a password change ends the other devices’ sockets and keeps the caller’s', async () => {
    const user = await createTestUser(t);
    const [phone, tablet, laptop] = [await deviceOf(user), await deviceOf(user), await deviceOf(user)];
    const bystander = await deviceOf(await createTestUser(t));
    const from = [phone, tablet, laptop, bystander].map((d) => d.client.events.length);
    const password = 'Nouveau-passe-9';

    const res = await call(t, 'POST', 'profile/security', laptop.session, {
      current_password: TEST_PASSWORD,
      password,
      password_confirmation: password,
    });
    expect(res.status).toBe(200);

    await expectDropped(phone, from[0]);
    await expectDropped(tablet, from[1]);
    await expectStillListening(laptop, from[2]);
    await expectStillListening(bystander, from[3]);
  });

  it('a refresh token used twice ends its family’s socket and keeps the other device’s', async () => {
    const user = await createTestUser(t);
    const [phone, laptop] = [await deviceOf(user), await deviceOf(user)];
    const refresh = () => t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh', payload: { refresh_token: phone.refreshToken } });
    expect((await refresh()).statusCode).toBe(200);
    const [fromPhone, fromLaptop] = [phone.client.events.length, laptop.client.events.length];

    expect((await refresh()).statusCode).toBe(499);

    await expectDropped(phone, fromPhone);
    await expectStillListening(laptop, fromLaptop);
  });
});
