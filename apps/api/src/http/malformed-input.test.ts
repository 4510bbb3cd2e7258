import { API_PREFIX } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../demo/demo';
import { type MalformedRequest, malformedRequests } from '../test/malformed-variants';
import { anonymousParams, type Operation, operationsOf, serverRoutesOf } from '../test/openapi-operations';
import { openTestApp, type TestApp } from '../test/test-app';

/**
 * Bad input never answers 5xx. Every operation of the OpenAPI document (so every route a
 * later change adds, without editing this file) receives malformed ids, NUL characters,
 * wrong bodies, malformed query objects, broken multipart forms and a bad Agent-id,
 * signed in as the demo owner and signed out; then the server must still answer normally.
 */

/**
 * Routes the document leaves out, each with the reason it is not walked here. The socket
 * endpoint (`/socket.io/`) is served by Socket.IO beside Fastify and has its own tests
 * (`realtime/`); the built web app is not served in API tests.
 */
const NOT_WALKED: Record<string, string> = {
  'GET /api/docs': 'the API explorer (static page of @fastify/swagger-ui)',
  'GET /api/docs/': 'the API explorer (static page of @fastify/swagger-ui)',
  'GET /api/docs/static/index.html': 'the API explorer (static page of @fastify/swagger-ui)',
  'GET /api/docs/static/swagger-initializer.js': 'the API explorer (static page of @fastify/swagger-ui)',
  'GET /api/docs/static/*': 'the API explorer (static files of @fastify/swagger-ui)',
  'GET /api/docs/json': 'this very document',
  'GET /api/docs/yaml': 'this very document',
  'GET /images/*': 'uploaded images read from disk by path (checked below with a NUL and a traversal)',
  'GET /files/*': 'stored files by relative path (checked below with a NUL and a traversal)',
  'GET /dev/outbox': 'the development HTML page of sent messages (outside production only, reads no input)',
};

const LIMITS = {
  RATE_LIMIT_MAX: '1000000',
  PUBLIC_RATE_LIMIT_MAX: '1000000',
  CHAT_REQUEST_RATE_LIMIT_MAX: '1000000',
  ANON_UPLOAD_RATE_LIMIT_MAX: '1000000',
  AUTH_MAX_FAILURES: '1000000',
  AUTH_IDENTIFIER_MAX_FAILURES: '1000000',
  AUTH_IDENTIFIER_MAX_CODES: '1000000',
  AUTH_ACCOUNT_MAX_RESET_FAILURES: '1000000',
  AUTH_IP_MAX_FAILURES: '1000000',
};
/**
 * Operations a probe can complete in a way that ends the caller's session (one that
 * merely changes it, like a password change, keeps the caller's). Their probes go one at
 * a time, in order: in parallel, one answered first would leave the others a dead session.
 */
const ENDS_THE_SESSION = new Set([`GET ${API_PREFIX}/auth/logout`]);

/** The owner signs in from an address of its own, so probes never throttle it. */
const OWNER_ADDRESS = '10.20.30.40';

let t: TestApp;
let operations: Operation[];
let token = '';
let userId = '';

async function signInOwner() {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/auth/login`,
    remoteAddress: OWNER_ADDRESS,
    payload: { login: DEMO_ACCOUNTS.agent.email, password: DEMO_PASSWORD, device: { ref: 'malformed-input-suite' } },
  });
  expect(res.statusCode, res.body).toBe(200);
  token = res.json().data.token;
  userId = String(res.json().data.user.id);
}

const ownerHeaders = () => ({ authorization: `Bearer ${token}`, userid: userId });

async function sessionIsAlive(): Promise<boolean> {
  const res = await t.app.inject({ url: `${API_PREFIX}/auth`, headers: ownerHeaders(), remoteAddress: OWNER_ADDRESS });
  return res.statusCode === 200;
}

beforeAll(async () => {
  t = await openTestApp(LIMITS);
  await seedDemoData(t.db);
  operations = operationsOf(t.app.swagger() as any);
  await signInOwner();
});
afterAll(() => t?.close());

/**
 * What is wrong with an answer, or null. Outside /api (the payment providers' local
 * stand-ins speak their provider's protocol), only "no 5xx" applies.
 */
function verdict(req: MalformedRequest, status: number, body: string, signedIn: boolean, op: Operation): string | null {
  if (status >= 500) return `answered ${status}`;
  // Who may call comes before what was sent (http/route-access.ts): an anonymous caller of
  // a protected operation learns nothing of its rules, whatever the body, query or path.
  if (!signedIn && op.signedIn) return status === 401 ? null : `answered ${status} to an anonymous caller, expected 401`;
  if (!req.url.startsWith(`${API_PREFIX}/`)) return null;
  if (status >= 400) {
    let envelope: { success?: unknown; code?: unknown; message?: unknown } | null = null;
    try {
      envelope = JSON.parse(body);
    } catch {}
    if (envelope?.success !== false || typeof envelope.message !== 'string' || envelope.message === '') {
      return `answered ${status} without the error envelope`;
    }
    // The database's refusal is a safety net: validation should have stopped the value.
    if (status === 422 && envelope.code === 'invalid_value') return 'reached the database (validation let it through)';
    // A caller the route refuses (the owner on a platform admin's route) is told so first.
    if (status === 403 && (envelope as { code?: unknown }).code === 'forbidden' && req.expect !== 'agent-refused') return null;
  }
  switch (req.expect) {
    case 'not-found':
      return status === 404 || (!signedIn && status === 401) ? null : `answered ${status}, expected 404`;
    case 'nul-refused':
      return status === 400 || status === 422 ? null : `answered ${status}, expected 400 or 422`;
    case 'agent-refused':
      return !signedIn || status === 403 ? null : `answered ${status}, expected 403`;
    default:
      return null;
  }
}

/** Runs `work` over `items`, at most `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Sends every malformed request of every operation; returns the failures, one line each. */
async function walk(signedIn: boolean): Promise<{ failures: string[]; sent: number }> {
  // The test database's pool has 4 connections.
  const poolWidth = 3;
  const failures: string[] = [];
  let sent = 0;
  for (const op of operations) {
    const width = ENDS_THE_SESSION.has(`${op.method} ${op.path}`) ? 1 : poolWidth;
    const requests = malformedRequests(op, signedIn ? ownerHeaders() : {});
    let sideEffects = false;
    const send = async (req: MalformedRequest) => {
      const res = await t.app.inject({ method: req.method as any, url: req.url, headers: req.headers, payload: req.payload });
      sent++;
      const problem = verdict(req, res.statusCode, res.body, signedIn, op);
      if (problem) failures.push(`${req.method} ${op.path} [${req.label}] ${problem}: ${res.body.slice(0, 200)}`);
      if (res.statusCode < 400 || res.statusCode === 401) sideEffects = true;
    };
    // The bad Agent-ids first: they must meet a live session to be refused with a 403, and
    // another request of the same operation may end it (a logout answered while they wait).
    await inParallel(
      requests.filter((req) => req.expect === 'agent-refused'),
      width,
      send,
    );
    await inParallel(
      requests.filter((req) => req.expect !== 'agent-refused'),
      width,
      send,
    );
    // An operation that accepted something (logout, a password change) may have ended the session.
    if (signedIn && sideEffects && !(await sessionIsAlive())) await signInOwner();
  }
  return { failures, sent };
}

describe('malformed input on every documented operation', () => {
  it('walks every route the server has, but the ones listed with a reason', () => {
    const documented = new Set(operations.map((op) => `${op.method} ${anonymousParams(op.path)}`));
    const undocumented = serverRoutesOf(t.app).filter((route) => !documented.has(route));
    expect(undocumented.sort()).toEqual(Object.keys(NOT_WALKED).sort());
    expect(operations.length).toBeGreaterThan(150);
  });

  it('never answers 5xx signed in as the demo owner', { timeout: 600_000 }, async () => {
    const { failures, sent } = await walk(true);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(operations.length * 20);
  });

  it('never answers 5xx signed out, and 401 on every protected operation whatever was sent', { timeout: 600_000 }, async () => {
    const { failures } = await walk(false);
    expect(failures).toEqual([]);
    // Most of the API needs a session: a document that marked nothing protected proves nothing.
    expect(operations.filter((op) => op.signedIn).length).toBeGreaterThan(250);
  });

  it('refuses a NUL or a traversal in an image or file path without 5xx', async () => {
    for (const url of ['/images/a%00b.png', '/images/..%2F..%2Fetc%2Fpasswd', '/images/%00', '/files/a%00b.png', '/files/..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // Signed in, the file path reaches the database: still never a 5xx.
    if (!(await sessionIsAlive())) await signInOwner();
    for (const url of ['/files/a%00b.png', '/files/..%2F..%2Fetc%2Fpasswd', '/files/%00']) {
      const res = await t.app.inject({ url, headers: ownerHeaders(), remoteAddress: OWNER_ADDRESS });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('still answers normally afterwards', async () => {
    if (!(await sessionIsAlive())) await signInOwner();
    const health = await t.app.inject({ url: `${API_PREFIX}/health` });
    expect(health.statusCode).toBe(200);
    const surveys = await t.app.inject({ url: `${API_PREFIX}/surveys?limit=5`, headers: ownerHeaders() });
    expect(surveys.statusCode, surveys.body).toBe(200);
    expect(surveys.json().data.length).toBeGreaterThan(0);
  });
});

describe('the answers API.md gives to bad input', () => {
  const send = (method: 'GET' | 'POST', url: string, options: { headers?: Record<string, string>; payload?: string | Buffer } = {}) =>
    t.app.inject({ method, url: `${API_PREFIX}${url}`, headers: options.headers, payload: options.payload });
  const jsonHeaders = () => ({ ...ownerHeaders(), 'content-type': 'application/json' });

  beforeAll(async () => {
    if (!(await sessionIsAlive())) await signInOwner();
  });

  it('a path id out of int4 is a 404, an Agent-id out of int4 a 403, even on sign-in-free routes', async () => {
    expect((await send('GET', '/surveys/2147483648/participate')).statusCode).toBe(404);
    expect((await send('GET', '/roles/2147483648', { headers: ownerHeaders() })).statusCode).toBe(404);
    const res = await send('GET', '/surveys/1/participate', { headers: { ...ownerHeaders(), 'agent-id': '2147483648' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('agent_not_allowed');
  });

  it('a body id out of int4 is a 422 naming the field', async () => {
    const res = await send('POST', '/steps', { headers: jsonHeaders(), payload: JSON.stringify({ survey_id: 2147483648, title: 'Étape' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.survey_id[0]).toMatch(/^Identifiant invalide/);
  });

  it('a NUL character is a 422 naming the field, in a body, a query string or a path', async () => {
    const login = await send('POST', '/auth/login', {
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ login: 'agent@demo.cm\u0000', password: 'x', device: { ref: 'r' } }),
    });
    expect(login.statusCode).toBe(422);
    expect(login.json().data).toEqual({ login: ['Le caractère nul (\\u0000) n’est pas accepté.'] });
    const query = await send('GET', '/zones?input=a%00b');
    expect(query.statusCode).toBe(422);
    expect(Object.keys(query.json().data)).toEqual(['input']);
    expect((await send('GET', '/participations/key/ab%00cd', { headers: ownerHeaders() })).statusCode).toBe(422);
  });

  it('JSON nested too deep is a 422; malformed or empty JSON a 400; a content type no route reads a 415', async () => {
    // Written as text: JSON.stringify itself overflows the stack on such a value.
    const deep = `{"settings":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_001)}`;
    const nested = await send('POST', '/profile/update', { headers: jsonHeaders(), payload: deep });
    expect(nested.statusCode).toBe(422);
    expect(JSON.stringify(nested.json().data)).toContain('trop imbriquées');
    expect((await send('POST', '/zones/search', { headers: jsonHeaders(), payload: '{"input": ' })).statusCode).toBe(400);
    expect((await send('POST', '/zones/search', { headers: jsonHeaders(), payload: '' })).statusCode).toBe(400);
    const xml = await send('POST', '/zones/search', { headers: { ...ownerHeaders(), 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    // text/plain is read (as a string), so it fails the body's schema instead.
    const text = await send('POST', '/zones/search', { headers: { ...ownerHeaders(), 'content-type': 'text/plain' }, payload: 'x' });
    expect(text.statusCode).toBe(422);
  });

  it('a multipart body cut short is a 400 with a French message, on medias and on the profile photo', async () => {
    const boundary = 'coupe';
    const headers = { ...ownerHeaders(), 'content-type': `multipart/form-data; boundary=${boundary}` };
    const cut = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`, 'binary');
    for (const url of ['/medias', '/profile/photo']) {
      const res = await send('POST', url, { headers, payload: cut });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, code: 'malformed_multipart', message: expect.stringMatching(/incomplet ou mal formé/) });
    }
  });
});
