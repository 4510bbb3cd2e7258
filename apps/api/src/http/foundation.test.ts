import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ BODY_LIMIT_BYTES: '2048', RATE_LIMIT_MAX: '1000' }, (app) => {
    app.get('/api/v2/__boom', async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
  });
});
afterAll(() => t.close());

describe('the envelope and error handler', () => {
  it('answers health with its database', async () => {
    const res = await t.app.inject({ url: '/api/v2/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok', database: 'postgres' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown API route with a French 404 envelope', async () => {
    const res = await t.app.inject({ url: '/api/v2/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'route_not_found',
      message: "La ressource recherchée n'existe pas ou a été supprimée.",
    });
  });

  it('speaks English when asked', async () => {
    const res = await t.app.inject({ url: '/api/v2/nope', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(res.json().message).toBe('The resource sought does not exist or was deleted.');
  });

  it('never leaks internals on 5xx', async () => {
    const res = await t.app.inject({ url: '/api/v2/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toEqual({ success: false, code: 'server_error', message: 'Le serveur a rencontré un problème.' });
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/zones/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"input": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('rejects a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/zones/search',
      payload: { input: 'x'.repeat(4096) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Le contenu envoyé est trop volumineux.');
  });

  it('sets security headers on every answer, refusals and unknown routes included', async () => {
    const answers = [
      await t.app.inject({ url: '/api/v2/health' }),
      await t.app.inject({ url: '/api/v2/nothing-here' }),
      await t.app.inject({ url: '/api/v2/auth' }),
      await t.app.inject({ method: 'POST', url: '/api/v2/zones/search', payload: { input: 'x'.repeat(4096) } }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 401, 413]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("connect-src 'self' ws: wss:");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/v2/zones');
    expect(doc.paths['/api/v2/zones'].post.requestBody).toBeDefined();
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After past the limit', async () => {
    const limited = await openTestAppWithLimit(3);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await limited.app.inject({ url: '/api/v2/zones?limit=1' })).statusCode);
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      const res = await limited.app.inject({ url: '/api/v2/zones?limit=1' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().message).toBe('Trop de tentatives ; réessayez plus tard.');
    } finally {
      await limited.close();
    }
  });
});

function openTestAppWithLimit(max: number) {
  return openTestApp({ RATE_LIMIT_MAX: String(max) });
}
