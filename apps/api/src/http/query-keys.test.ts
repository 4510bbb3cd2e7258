import { API_PREFIX } from '@app/contracts';
import { encodeQuery } from '@app/contracts/query-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoApp, signInDemoOwner } from '../test/demo-app';
import { fillPath, operationsOf } from '../test/openapi-operations';
import type { TestApp } from '../test/test-app';
import type { Session } from '../modules/tenancy/companies/tenancy.test-support';
import { headersOf } from '../modules/tenancy/companies/tenancy.test-support';

/** One rule for unknown query keys (http/query-keys.ts, API.md "Unknown query keys"). */

let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await openDemoApp();
  owner = await signInDemoOwner(t, 'query-keys');
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `${API_PREFIX}${url}`, headers });

describe('unknown query keys', () => {
  it('refuses an unknown key with a 400 naming it, on every operation of the document', async () => {
    const failures: string[] = [];
    const operations = operationsOf(t.app.swagger() as any).filter((op) => op.path.startsWith(`${API_PREFIX}/`));
    for (const op of operations) {
      // Refused before the handler runs, so no operation does anything here.
      const res = await t.app.inject({ method: op.method as any, url: `${fillPath(op, {})}?stauts=draft`, headers: headersOf(owner) });
      const body = res.json();
      // Platform admins' routes refuse the owner first (route-access.ts).
      if (res.statusCode === 403 && body.code === 'forbidden') continue;
      if (res.statusCode !== 400 || body.code !== 'unknown_key' || !body.message.includes('« stauts »')) {
        failures.push(`${op.method} ${op.path} ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('says which keys the operation accepts', async () => {
    const res = await get('/dev/outbox?foo=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Paramètre de requête inconnu « foo » \(acceptés : destination, limit\)\.$/);
    const none = await get('/health?x=1');
    expect(none.json().message).toContain('« x »');
  });

  it('accepts the query object on lists and lookups, and the keys a route declares', async () => {
    const query = encodeQuery({ filter_groups: [{ filters: [{ key: 'type', operator: 'eq', value: 'region' }] }], sort: [{ key: 'name' }], limit: 2, page: 0, with_total: true });
    expect((await get(`/zones?${query}`)).statusCode).toBe(200);
    expect((await get('/zones/1?includes[]=children')).statusCode).toBe(200);
    const surveys = await get('/surveys?limit=1', headersOf(owner));
    const id = surveys.json().data[0].id;
    expect((await get(`/surveys/${id}/results?from=2020-01-01&status=submitted`, headersOf(owner))).statusCode).toBe(200);
    expect((await get(`/surveys/${id}/results?frm=2020-01-01`, headersOf(owner))).statusCode).toBe(400);
  });

  it('still answers 401 first to an anonymous caller of a protected operation', async () => {
    const res = await get('/surveys?stauts=draft');
    expect(res.statusCode).toBe(401);
  });
});
