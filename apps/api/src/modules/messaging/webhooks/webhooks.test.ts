import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, type Session } from '../../tenancy/companies/tenancy.test-support';
import { bareAgent, eventually, joinCompany, publishBroadcast } from '../messaging.test-support';
import { refuseWebhookUrl, resolveWebhookTarget } from './webhook-target';
import { verifyWebhook } from './webhook-signature';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

// A receiver on the loopback, answering with the statuses it is told, in order.
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const statuses: number[] = [];

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let paul: Session;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // Fast backoff so a retry comes within the test; the loop polls often.
  t = await openTestApp({ WEBHOOK_ALLOW_INSECURE: 'true', WEBHOOK_BACKOFF_BASE_MS: '50', WEBHOOK_POLL_MS: '20' });
  a = await createOwner(t, 'Alpha Hooks');
  b = await createOwner(t, 'Beta Hooks');
  paul = await joinCompany(t, a.session, 'Paul');
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const deliveries = async (endpointId: number) => (await call(t, 'GET', `webhooks/${endpointId}/deliveries`, a.session)).body.data as any[];

describe('webhooks', () => {
  it('delivers signed events; a 500 is retried with backoff until it succeeds; the log tells it; redeliver', async () => {
    const created = await call(t, 'POST', 'webhooks', a.session, { url: receiverUrl, events: ['message.created'], description: 'CRM' });
    expect(created.status).toBe(201);
    const { id, secret } = created.body.data;
    expect(secret).toMatch(/^whsec_/);
    // The secret is shown once.
    expect((await call(t, 'GET', `webhooks/${id}`, a.session)).body.data.secret).toBeUndefined();

    statuses.push(500);
    const room = await call(t, 'POST', 'chatrooms', a.session, { kind: 'group', agent_ids: [paul.agentId] });
    const message = await call(t, 'POST', `chatrooms/${room.body.data.id}/messages`, paul, { body: 'Livraison faite' });
    const log = await eventually(() => deliveries(id), (rows) => rows[0]?.status === 'delivered');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ event: 'message.created', status: 'delivered', attempts: 2, last_status_code: 200, last_error: null });
    expect(received).toHaveLength(2);
    for (const r of received) {
      const signature = r.headers['x-webhook-signature'] as string;
      const timestamp = r.headers['x-webhook-timestamp'] as string;
      expect(verifyWebhook(secret, timestamp, r.body, signature)).toBe(true);
      // Tampered or replayed much later, it does not verify.
      expect(verifyWebhook(secret, timestamp, r.body.replace('Livraison', 'Annulation'), signature)).toBe(false);
      expect(verifyWebhook(secret, timestamp, r.body, signature, { nowS: Number(timestamp) + 3600 })).toBe(false);
      expect(r.headers['x-webhook-event']).toBe('message.created');
    }
    const payload = JSON.parse(received[1].body);
    expect(payload).toMatchObject({ id: log[0].id, event: 'message.created', company_id: a.company.id, data: { message_id: message.body.data.id, body: 'Livraison faite' } });

    const again = await call(t, 'POST', `webhooks/${id}/deliveries/${log[0].id}/redeliver`, a.session);
    expect(again.status).toBe(201);
    const after = await eventually(() => deliveries(id), (rows) => rows[0]?.status === 'delivered' && rows.length === 2);
    expect(after[0]).toMatchObject({ event: 'message.created', attempts: 1, status: 'delivered' });
    expect(received).toHaveLength(3);
  });

  it('gives up after the retry window and logs the last error', async () => {
    const short = await openTestApp({ WEBHOOK_ALLOW_INSECURE: 'true', WEBHOOK_BACKOFF_BASE_MS: '50', WEBHOOK_POLL_MS: '20', WEBHOOK_RETRY_FOR_S: '1' });
    try {
      const owner = await createOwner(short, 'Gamma Hooks');
      const created = await call(short, 'POST', 'webhooks', owner.session, { url: receiverUrl, events: ['broadcast.created'] });
      statuses.push(...Array(200).fill(503));
      await publishBroadcast(short, owner.session, { title: 'Test', body: 'x', target: 'everyone' });
      const rows = await eventually(
        async () => (await call(short, 'GET', `webhooks/${created.body.data.id}/deliveries`, owner.session)).body.data as any[],
        (r) => r[0]?.status === 'failed',
        400,
      );
      expect(rows[0]).toMatchObject({ status: 'failed', last_status_code: 503, last_error: 'Réponse HTTP 503', next_attempt_at: null });
      expect(rows[0].attempts).toBeGreaterThan(1);
    } finally {
      statuses.length = 0;
      await short.close();
    }
  });

  it('only company endpoints subscribed to the event get it', async () => {
    const other = await call(t, 'POST', 'webhooks', b.session, { url: receiverUrl, events: ['message.created'] });
    const unsubscribed = await call(t, 'POST', 'webhooks', a.session, { url: receiverUrl, events: ['participation.validated'] });
    const room = await call(t, 'POST', 'chatrooms', a.session, { kind: 'group', agent_ids: [] });
    await call(t, 'POST', `chatrooms/${room.body.data.id}/messages`, a.session, { body: 'x' });
    await t.app.messaging.webhooks.idle();
    expect((await call(t, 'GET', `webhooks/${other.body.data.id}/deliveries`, b.session)).body.data).toEqual([]);
    expect(await deliveries(unsubscribed.body.data.id)).toEqual([]);
  });

  it('refuses plain http and private addresses outside tests', () => {
    expect(refuseWebhookUrl('http://example.com/h', false)).toBe('L’adresse doit commencer par https://.');
    expect(refuseWebhookUrl('https://127.0.0.1/h', false)).toBe('Cette adresse désigne un réseau privé.');
    expect(refuseWebhookUrl('https://192.168.1.4/h', false)).toBe('Cette adresse désigne un réseau privé.');
    expect(refuseWebhookUrl('https://localhost/h', false)).toBe('Cette adresse désigne une machine locale.');
    expect(refuseWebhookUrl('https://hooks.example.com/h', false)).toBeNull();
    // IPv4-mapped IPv6 (the URL parser writes it as ::ffff:7f00:1), IPv6 loopback and link-local, metadata, NAT64.
    for (const url of ['https://[::ffff:127.0.0.1]/h', 'https://[::ffff:7f00:1]/h', 'https://[::ffff:10.0.0.1]/h', 'https://[::1]/h', 'https://[fe80::1]/h', 'https://169.254.169.254/h', 'https://[64:ff9b::7f00:1]/h', 'https://0.0.0.0/h']) {
      expect(refuseWebhookUrl(url, false), url).toBe('Cette adresse désigne un réseau privé.');
    }
    expect(refuseWebhookUrl('https://localhost./h', false)).toBe('Cette adresse désigne une machine locale.');
    expect(refuseWebhookUrl('https://[2001:4860:4860::8888]/h', false)).toBeNull();
  });

  it('resolves names at delivery time and refuses one that points inside (the machine name resolves to itself)', async () => {
    expect(refuseWebhookUrl(`https://${hostname()}/h`, false)).toBeNull();
    expect(await resolveWebhookTarget(`https://${hostname()}/h`, false)).toEqual({ refusal: 'Cette adresse désigne un réseau privé.' });
    expect(await resolveWebhookTarget('https://[::ffff:127.0.0.1]/h', false)).toEqual({ refusal: 'Cette adresse désigne un réseau privé.' });
    // The allowance (tests, local development) lets it through, pinned to the checked address.
    expect(await resolveWebhookTarget(`http://${hostname()}/h`, true)).toMatchObject({ url: expect.any(URL) });
  });

  it('delivers to a host name through the addresses it was checked against (allowance on)', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const created = await call(t, 'POST', 'webhooks', b.session, { url: `http://${hostname()}:${port}/named`, events: ['broadcast.created'] });
    await publishBroadcast(t, b.session, { title: 'Nommé', body: 'x', target: 'everyone' });
    const rows = await eventually(
      async () => (await call(t, 'GET', `webhooks/${created.body.data.id}/deliveries`, b.session)).body.data as any[],
      (r) => r[0]?.status === 'delivered',
    );
    expect(rows[0]).toMatchObject({ status: 'delivered', last_status_code: 200 });
    expect(received.some((r) => r.body.includes('Nommé'))).toBe(true);
  });

  it('without the allowance, a name resolving to the loopback is never called, and a mapped address is refused at registration', async () => {
    const strict = await openTestApp({ WEBHOOK_BACKOFF_BASE_MS: '50', WEBHOOK_POLL_MS: '20' });
    const port = (receiver.address() as AddressInfo).port;
    try {
      const owner = await createOwner(strict, 'Delta Hooks');
      const mapped = await call(strict, 'POST', 'webhooks', owner.session, { url: `https://[::ffff:127.0.0.1]:${port}/hooks`, events: ['broadcast.created'] });
      expect(mapped.status).toBe(422);
      expect(JSON.stringify(mapped.body)).toContain('Cette adresse désigne un réseau privé.');

      const created = await call(strict, 'POST', 'webhooks', owner.session, { url: `https://${hostname()}:${port}/hooks`, events: ['broadcast.created'] });
      expect(created.status).toBe(201);
      const before = received.length;
      await publishBroadcast(strict, owner.session, { title: 'Interne', body: 'x', target: 'everyone' });
      const rows = await eventually(
        async () => (await call(strict, 'GET', `webhooks/${created.body.data.id}/deliveries`, owner.session)).body.data as any[],
        (r) => r[0]?.status === 'failed',
      );
      expect(rows[0]).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null, last_error: 'Cette adresse désigne un réseau privé.' });
      expect(received.length).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it('manages endpoints: update, delete; 401, 403, 404 other company, 422 French', async () => {
    const created = await call(t, 'POST', 'webhooks', a.session, { url: receiverUrl, events: ['participation.submitted'] });
    const id = created.body.data.id;
    const updated = await call(t, 'POST', `webhooks/${id}`, a.session, { active: false, events: ['participation.submitted', 'participation.validated'] });
    expect(updated.body.data).toMatchObject({ active: false, events: ['participation.submitted', 'participation.validated'] });
    expect((await call(t, 'GET', 'webhooks', a.session)).body.data.map((w: any) => w.id)).toContain(id);

    const bare = await bareAgent(t, a.company.id);
    const routes: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', 'webhooks'],
      ['POST', 'webhooks', { url: receiverUrl, events: ['message.created'] }],
      ['GET', `webhooks/${id}`],
      ['POST', `webhooks/${id}`, { active: true }],
      ['GET', `webhooks/${id}/deliveries`],
      ['POST', `webhooks/${id}/deliveries/1/redeliver`],
      ['DELETE', `webhooks/${id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(t, method, url, null, payload)).status, url).toBe(401);
      expect((await call(t, method, url, bare, payload)).status, url).toBe(403);
    }
    for (const [method, url, payload] of routes.slice(2)) expect((await call(t, method, url, b.session, payload)).status, url).toBe(404);
    const bad: [unknown, string][] = [
      [{ url: 'pas une url', events: ['message.created'] }, 'L’adresse doit commencer par https://.'],
      [{ url: receiverUrl, events: [] }, 'Choisissez au moins un évènement.'],
      [{ url: receiverUrl, events: ['tout'] }, 'Évènement inconnu'],
    ];
    for (const [payload, message] of bad) {
      const res = await call(t, 'POST', 'webhooks', a.session, payload);
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await call(t, 'DELETE', `webhooks/${id}`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', `webhooks/${id}`, a.session)).status).toBe(404);
  });
});
