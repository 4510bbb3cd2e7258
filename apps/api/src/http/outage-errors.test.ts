import { open } from 'node:fs/promises';
import { statusMessage } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { openTestApp, type TestApp } from '../test/test-app';

// Outages answered through the real app and its error handler, with the errors the
// driver and the kernel really raise: a refused connection, a connection the server
// terminates, a write on a full device (/dev/full answers every write with ENOSPC).

describe('the database away', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // Port 1 on the loopback: nothing listens, every connection is refused (ECONNREFUSED).
    const db = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', statementTimeoutMs: 5_000 });
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RENEWAL_SWEEP_INTERVAL_S: '0' });
    app = await buildApp({ config, db, serveWeb: false });
    await app.ready();
    close = async () => {
      await app.close();
      await db.close();
    };
  });
  afterAll(() => close());

  it('answers 503 with Retry-After and the French message, never 500, for a sign-in and a public read', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { login: 'agent@example.fr', password: 'Secret-123456', device: { ref: 'test-device' } } });
    const read = await app.inject({ method: 'GET', url: '/api/v2/participations/key/0b5c7a52-5d7c-4f55-9f55-1f0f4c1e2a3b' });
    for (const res of [login, read]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ success: false, code: 'service_unavailable', message: statusMessage(503, 'fr') });
    }
  });

  it('answers in the caller’s language', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { login: 'agent@example.fr', password: 'Secret-123456', device: { ref: 'test-device' } }, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(statusMessage(503, 'en'));
  });
});

describe('the database going away mid-request, a full disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp({}, (app) => {
      // The server ends this request's connection (57P01, what a stopping PostgreSQL sends).
      app.get('/api/v2/__outage/terminated', async () => app.db.rows(sql`SELECT pg_terminate_backend(pg_backend_pid())`));
      // The kernel's ENOSPC on a write.
      app.get('/api/v2/__outage/disk-full', async () => {
        const full = await open('/dev/full', 'w');
        try {
          await full.write(Buffer.alloc(4096));
        } finally {
          await full.close();
        }
        return { written: true };
      });
    });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After when PostgreSQL terminates the connection', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/__outage/terminated' });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ success: false, code: 'service_unavailable', message: statusMessage(503, 'fr') });
    // The pool dropped the broken connection: the next statement runs.
    expect(await t.db.rows(sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it('answers 507 with the French message on ENOSPC', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/__outage/disk-full' });
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json()).toEqual({ success: false, code: 'insufficient_storage', message: statusMessage(507, 'fr') });
    expect(statusMessage(507, 'fr')).toMatch(/espace de stockage/);
  });
});
