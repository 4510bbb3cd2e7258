import { API_PREFIX } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../demo/demo';
import { openDemoApp, signInDemo } from '../test/demo-app';
import { fillPath, type Operation, operationsOf } from '../test/openapi-operations';
import type { TestApp } from '../test/test-app';

/**
 * Who may call comes before what was sent (http/route-access.ts): generated from the
 * OpenAPI document, so a route added later is held to it without editing this file.
 */

/**
 * The operations open to anonymous callers. A new one is a deliberate decision: add it
 * here with `config: PUBLIC_ROUTE` (or `authOptional`) on the route.
 */
const PUBLIC_OPERATIONS = [
  'GET /api/v2/articles/company/{code}',
  'GET /api/v2/articles/{id}/photos/{media}',
  'GET /api/v2/auth/providers',
  'GET /api/v2/auth/test',
  'GET /api/v2/categories',
  'GET /api/v2/categories/{id}',
  'GET /api/v2/client-config',
  'GET /api/v2/dev/outbox',
  'GET /api/v2/health',
  'GET /api/v2/health/live',
  'GET /api/v2/health/ready',
  'GET /api/v2/invoices/check/{code}',
  'GET /api/v2/medias/{id}',
  'GET /api/v2/medias/{id}/content',
  'GET /api/v2/medias/uploads/{id}',
  'GET /api/v2/participations/key/{client_uuid}',
  'GET /api/v2/public/getobject/{type}/{code}',
  'GET /api/v2/public/getobject/{type}/{code}/{extra}',
  'GET /api/v2/public/qrcode/{file}',
  'GET /api/v2/sectors',
  'GET /api/v2/sectors/{id}',
  'GET /api/v2/steps/transactions/providers',
  'GET /api/v2/surveys/{id}/participate',
  'GET /api/v2/surveys/{id}/targets',
  'GET /api/v2/zones',
  'GET /api/v2/zones/{id}',
  'GET /api/v2/zones/{type}/parent/{parent}',
  'POST /api/v2/auth/facebook_login',
  'POST /api/v2/auth/google_login',
  'POST /api/v2/auth/login',
  'POST /api/v2/auth/refresh',
  'POST /api/v2/auth/register',
  'POST /api/v2/auth/request-password-token',
  'POST /api/v2/auth/reset-password/{userId}',
  'POST /api/v2/auth/validate-account',
  'POST /api/v2/categories/search',
  'POST /api/v2/medias',
  'POST /api/v2/medias/uploads',
  'POST /api/v2/participations',
  'POST /api/v2/sectors/search',
  'POST /api/v2/steps/transactions/callbacks/{id}/{secret}',
  'POST /api/v2/zones/search',
  // Answer files in pieces (issue 21): an anonymous respondent holds the upload by its key.
  'PATCH /api/v2/medias/uploads/{id}',
  'PUT /api/v2/steps/transactions/callbacks/{id}/{secret}',
  'GET /api/v2/auth/logout',
];

/** Bodies no route accepts, and the kinds of failure they would meet first otherwise. */
const BAD_BODIES: [string, Record<string, string>, string | undefined][] = [
  ['no body', {}, undefined],
  ['empty JSON body', { 'content-type': 'application/json' }, ''],
  ['malformed JSON', { 'content-type': 'application/json' }, '{"a": '],
  ['wrong shape', { 'content-type': 'application/json' }, '[1, 2]'],
  ['XML', { 'content-type': 'application/xml' }, '<a/>'],
];

let t: TestApp;
let operations: Operation[];

beforeAll(async () => {
  t = await openDemoApp();
  operations = operationsOf(t.app.swagger() as any).filter((op) => op.path.startsWith(`${API_PREFIX}/`));
});
afterAll(() => t?.close());

describe('route access before input', () => {
  it('lists exactly the deliberate public operations as open to anonymous callers', () => {
    const open = operations.filter((op) => !op.signedIn).map((op) => `${op.method} ${op.path}`);
    expect(open.sort()).toEqual([...PUBLIC_OPERATIONS].sort());
  });

  it('answers 401 to an anonymous caller of every protected operation, whatever its body, path or query', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.signedIn)) {
      const url = `${fillPath(op, {})}?unknown[a]=1&limit=x`;
      for (const [label, headers, payload] of BAD_BODIES) {
        const res = await t.app.inject({ method: op.method as any, url, headers, payload });
        if (res.statusCode !== 401 || res.json().code !== 'unauthenticated') failures.push(`${op.method} ${op.path} [${label}] ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 before reading the body when the route names a permission the caller lacks', async () => {
    const customer = await signInDemo(t, DEMO_ACCOUNTS.customer.email, { device: 'route-access' });
    const headers = { authorization: `Bearer ${customer.token}`, userid: String(customer.userId), 'content-type': 'application/json' };
    for (const [method, url] of [['POST', '/sites'], ['POST', '/sites/1'], ['POST', '/zones'], ['DELETE', '/zones/1']] as const) {
      const res = await t.app.inject({ method, url: `${API_PREFIX}${url}`, headers, payload: method === 'POST' ? '{"name": ' : undefined });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'forbidden' });
    }
  });

  it('still validates the input of a caller who may call the route', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/zones/search`, headers: { 'content-type': 'application/json' }, payload: '[]' });
    expect(res.statusCode).toBe(422);
  });
});
