import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';

/**
 * Liveness and readiness (health.routes.ts): public, in the envelope, and readiness says
 * why a process should get no traffic (still starting, draining after SIGTERM, database
 * gone). The real SIGTERM is in server.shutdown.test.ts.
 */
let t: TestApp;

beforeAll(async () => {
  t = await openTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET health/live and health/ready', () => {
  it('answer signed out, in the envelope', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/v2/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ success: true, data: { status: 'live' } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/v2/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ success: true, data: { status: 'ready' } });
    expect(typeof ready.json().data.database_ms).toBe('number');
  });

  it('readiness is 503 until the migrations ran, liveness is not', async () => {
    t.app.lifecycle.migrated = false;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/v2/health/ready', headers: { 'accept-language': 'fr' } });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ success: false, code: 'starting', message: 'Le service est temporairement indisponible ; réessayez plus tard.' });
      expect((await t.app.inject({ method: 'GET', url: '/api/v2/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.migrated = true;
    }
  });

  it('readiness is 503 while draining, in the caller’s language', async () => {
    t.app.lifecycle.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/v2/health/ready', headers: { 'accept-language': 'en' } });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ success: false, code: 'shutting_down', message: 'The service is temporarily unavailable; retry later.' });
      expect((await t.app.inject({ method: 'GET', url: '/api/v2/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('refuses query keys it does not name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/health/ready?verbose=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('readiness is 503 when the database does not answer', async () => {
    const rows = t.app.db.rows;
    t.app.db.rows = () => Promise.reject(new Error('connection refused'));
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/v2/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ success: false, code: 'database_unavailable' });
    } finally {
      t.app.db.rows = rows;
    }
  });
});
