import { API_PREFIX } from '@app/contracts';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_PASSWORD, seedDemoData } from '../demo/demo';
import { type JsonSchema, sampleOf } from '../test/openapi-operations';
import { openTestApp, type TestApp } from '../test/test-app';

/**
 * The contract, as an outside client sees it: read `GET /api/docs/json`, call every
 * operation it lists on the demo data, and check that each real answer is one of the
 * statuses the operation declares and matches the schema declared for it (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1, with Ajv). Nothing here names a route: a route added
 * later is called too, and one whose success answer has no schema fails the first test.
 * Only the payment emulators (stand-ins for the providers, speaking their protocol, outside
 * /api) are left out.
 */

type Doc = { paths: Record<string, Record<string, JsonSchema>>; components: { schemas: Record<string, JsonSchema> } };

interface Call {
  method: string;
  path: string;
  op: JsonSchema;
}

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

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

let t: TestApp;
let doc: Doc;
let calls: Call[];

interface Caller {
  email: string;
  company?: string;
  headers: Record<string, string>;
}
const owner: Caller = { email: DEMO_ACCOUNTS.agent.email, company: DEMO_COMPANIES.demo.code, headers: {} };
const admin: Caller = { email: DEMO_ACCOUNTS.admin.email, headers: {} };

async function signIn(caller: Caller) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/auth/login`,
    payload: { login: caller.email, password: DEMO_PASSWORD, device: { ref: `contract-${caller.email}` } },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  caller.headers = { authorization: `Bearer ${data.token}`, userid: String(data.user.id) };
  if (!caller.company) return;
  const [agent] = await t.db.rows<{ id: number }>(
    sql`SELECT a.id FROM agents a JOIN companies c ON c.id = a.company_id WHERE a.user_id = ${data.user.id} AND c.code = ${caller.company}`,
  );
  caller.headers['agent-id'] = String(agent.id);
}

beforeAll(async () => {
  t = await openTestApp(LIMITS);
  await seedDemoData(t.db);
  doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  calls = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith(`${API_PREFIX}/`)) continue; // the payment emulators
    for (const [method, op] of Object.entries(item)) if (METHODS.includes(method)) calls.push({ method: method.toUpperCase(), path, op });
  }
  await signIn(owner);
  await signIn(admin);
}, 120_000);
afterAll(() => t?.close());

/** The declared success answer of an operation: its status and JSON (or other) content. */
function successOf(op: JsonSchema): { status: string; content: JsonSchema } | null {
  for (const [status, response] of Object.entries<JsonSchema>(op.responses ?? {})) {
    if (/^2\d\d$/.test(status) && response.content && Object.keys(response.content).length > 0) return { status, content: response.content };
  }
  return null;
}

/** Complete: the success answer has a schema, and a JSON one names its `data`. */
function isComplete(op: JsonSchema): boolean {
  const success = successOf(op);
  if (!success) return false;
  const json = success.content['application/json']?.schema;
  if (!json) return Object.values<JsonSchema>(success.content).every((media) => media.schema);
  return json.properties?.data !== undefined || json.$ref !== undefined;
}

/** A response, or the shared one (`components.responses`) it refers to. */
function resolveResponse(response: JsonSchema | undefined): JsonSchema | undefined {
  const name = typeof response?.$ref === 'string' ? /^#\/components\/responses\/(.+)$/.exec(response.$ref)?.[1] : undefined;
  return name ? (doc.components as { responses?: Record<string, JsonSchema> }).responses?.[name] : response;
}

const key = (call: { method: string; path: string }) => `${call.method} ${call.path}`;

describe('every operation declares its success answer', () => {
  it('names the data schema of every operation', () => {
    // A new route declares its response (API.md "Declaring a response").
    expect(calls.filter((call) => !isComplete(call.op)).map(key), 'operations without a declared success schema').toEqual([]);
    expect(calls.length).toBeGreaterThan(300);
  });
});

/** Ajv over the document's schemas: `#/components/schemas/X` resolves inside the document. */
function validatorFor(): (schema: JsonSchema) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: doc.components } as JsonSchema);
  const cache = new Map<JsonSchema, ValidateFunction>();
  const rewrite = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(rewrite);
    if (!schema || typeof schema !== 'object') return schema;
    return Object.fromEntries(
      Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/components/') ? `doc${v}` : rewrite(v)]),
    );
  };
  return (schema) => {
    let validate = cache.get(schema);
    if (!validate) {
      validate = ajv.compile(rewrite(schema) as JsonSchema);
      cache.set(schema, validate);
    }
    return validate;
  };
}

/** The first id of each top-level list of the demo data (`sites` → the first site's id). */
async function demoIds(): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const call of calls) {
    const match = new RegExp(`^${API_PREFIX}/([a-z_-]+)$`).exec(call.path);
    if (call.method !== 'GET' || !match) continue;
    for (const caller of [owner, admin]) {
      const res = await t.app.inject({ url: `${call.path}?limit=1`, headers: caller.headers });
      const id = res.statusCode === 200 ? res.json()?.data?.[0]?.id : undefined;
      if (typeof id === 'number') {
        ids.set(match[1], String(id));
        break;
      }
    }
  }
  return ids;
}

/** `{id}` is the id of the segment before it; `{survey}` of `surveys`; else a sample of its schema. */
function fillPath(call: Call, ids: Map<string, string>): string {
  const segments = call.path.split('/');
  return segments
    .map((segment, i) => {
      const name = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!name) return segment;
      const resource = name === 'id' ? segments[i - 1] : `${name}s`;
      const known = ids.get(resource) ?? ids.get(name);
      if (known) return known;
      const param = (call.op.parameters ?? []).find((p: JsonSchema) => p.in === 'path' && p.name === name);
      const sample = sampleOf(param?.schema);
      return encodeURIComponent(String(sample ?? '1'));
    })
    .join('/');
}

/** Reads first, then writes, deletions last, and what ends a session at the very end. */
function order(call: Call): number {
  if (/logout|\/auth\/(account|delete)|\/profile\/delete/.test(call.path)) return 4;
  if (call.method === 'GET') return 0;
  if (call.method === 'DELETE') return 2;
  return 1;
}

async function send(call: Call, url: string, caller: Caller | null) {
  const body = call.op.requestBody?.content?.['application/json']?.schema;
  return t.app.inject({
    method: call.method as 'GET',
    url,
    headers: { ...(caller?.headers ?? {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(sampleOf(body) ?? {}) : undefined,
  });
}

describe('every operation answers as it declares, on the demo data', () => {
  it('gives a declared status and a body that matches its schema', { timeout: 600_000 }, async () => {
    const compile = validatorFor();
    const ids = await demoIds();
    const failures: string[] = [];
    const successes = new Set<string>();
    const sorted = [...calls].sort((a, b) => order(a) - order(b));
    for (const call of sorted) {
      const url = fillPath(call, ids);
      const signedIn = Array.isArray(call.op.security) && call.op.security.length > 0;
      let res = await send(call, url, signedIn ? owner : null);
      // A platform admin's operation: the owner is refused (403), the admin is served.
      if (res.statusCode === 403 && signedIn) res = await send(call, url, admin);
      // An earlier call may have ended a session (a password change): sign in again once.
      if ([401, 498, 499].includes(res.statusCode) && signedIn) {
        await signIn(owner);
        await signIn(admin);
        res = await send(call, url, owner);
        if (res.statusCode === 403) res = await send(call, url, admin);
      }
      const status = String(res.statusCode);
      const declared = resolveResponse(call.op.responses?.[status]);
      if (!declared) {
        failures.push(`${key(call)} answered ${status}, not among ${Object.keys(call.op.responses ?? {}).join(', ')}: ${res.body.slice(0, 200)}`);
        continue;
      }
      if (res.statusCode < 300) successes.add(key(call));
      const schema = declared.content?.['application/json']?.schema;
      if (!schema || !String(res.headers['content-type'] ?? '').includes('application/json')) continue;
      const validate = compile(schema);
      if (!validate(res.json())) {
        failures.push(`${key(call)} ${status} does not match its schema: ${JSON.stringify(validate.errors?.slice(0, 3))} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // Calls that only ever met refusals check little: most operations must succeed here.
    expect(successes.size).toBeGreaterThan(calls.length / 3);
  });
});
