import { API_PREFIX } from '@app/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { openTestApp, type TestApp } from '../../../test/test-app';

describe('GET client-config', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('says error reporting is off when SENTRY_BROWSER_DSN is unset, and the CSP allows no other origin', async () => {
    const t = await openTestApp();
    apps.push(t);
    const res = await t.app.inject({ url: `${API_PREFIX}/client-config` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { error_reporting: null } });
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' ws: wss:;");
  });

  it('hands the browser DSN and environment to signed-out pages, and lets them send to its origin', async () => {
    const t = await openTestApp({ SENTRY_BROWSER_DSN: 'https://pk@errors.exemple.cm/12', SENTRY_ENVIRONMENT: 'beta' });
    apps.push(t);
    const res = await t.app.inject({ url: `${API_PREFIX}/client-config` });
    expect(res.json().data).toEqual({ error_reporting: { dsn: 'https://pk@errors.exemple.cm/12', environment: 'beta' } });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' ws: wss: https://errors.exemple.cm");
  });

  it('refuses a DSN that is not one at start', async () => {
    expect(() => loadConfig({ SENTRY_BROWSER_DSN: 'errors.exemple.cm' })).toThrow(/SENTRY_BROWSER_DSN/);
    expect(() => loadConfig({ SENTRY_DSN: 'https://errors.exemple.cm/12' })).toThrow(/SENTRY_DSN/);
  });
});
