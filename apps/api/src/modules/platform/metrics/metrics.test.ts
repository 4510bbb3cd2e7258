import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';
import { openTestApp, type TestApp } from '../../../test/test-app';

/** Metrics (metrics.ts): off unless configured, behind a token or on their own port. */
const TOKEN = 'metrics-token-0123456789';

function sample(text: string, line: RegExp): number {
  const found = text.split('\n').find((l) => line.test(l));
  return found === undefined ? Number.NaN : Number(found.split(' ').pop());
}

describe('metrics off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves no /metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });
});

describe('metrics on the API port (METRICS_TOKEN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp({ METRICS: 'on', METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a missing or wrong token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, code: 'unauthenticated' });
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456780' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route template and status, their latency, errors, the pool, sockets and queues', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/v2/health/live' });
    await t.app.inject({ method: 'GET', url: '/api/v2/zones/999999999' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(sample(text, /^http_requests_total\{method="GET",route="\/api\/v2\/health\/live",status="200"\}/)).toBe(3);
    // The template, never the id: one series per route, not per record.
    expect(text).toContain('route="/api/v2/zones/:id"');
    expect(text).not.toContain('999999999');
    expect(sample(text, /^http_request_duration_seconds_count\{method="GET",route="\/api\/v2\/health\/live"\}/)).toBe(3);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/v2\/health\/live"\} \d+$/m);
    expect(text).toContain('# TYPE http_server_errors_total counter');
    expect(sample(text, /^db_pool_connections\{state="total"\}/)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^db_pool_connections\{state="waiting"\}/)).toBe(0);
    expect(sample(text, /^socket_connections /)).toBe(0);
    expect(sample(text, /^queue_length\{queue="outbox"\}/)).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^queue_length\{queue="webhook_deliveries"\} \d+$/m);
    expect(text).toMatch(/^queue_length\{queue="broadcasts"\} \d+$/m);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts server errors', async () => {
    const rows = t.app.db.rows;
    t.app.db.rows = () => Promise.reject(new Error('connection refused'));
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/v2/health' })).statusCode).toBe(503);
    } finally {
      t.app.db.rows = rows;
    }
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(sample(text, /^http_server_errors_total\{method="GET",route="\/api\/v2\/health"\}/)).toBe(1);
  });
});

describe('metrics on their own port (METRICS_PORT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp({ METRICS: 'on', METRICS_PORT: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serve GET /metrics there without a token, and nothing on the API port', async () => {
    const address = t.app.metricsServer?.()?.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE http_requests_total counter');
    expect((await fetch(`http://127.0.0.1:${address.port}/other`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('the metrics configuration', () => {
  it('refuses METRICS=on with neither a token nor a port', () => {
    expect(() => loadConfig({ METRICS: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS: 'on', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
