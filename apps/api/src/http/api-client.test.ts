import { readFileSync, writeFileSync } from 'node:fs';
import { generateSchemaTypes, SCHEMA_FILE } from '@app/api-client/generate';
import { firstSites } from '@app/api-client/example';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../demo/demo';
import { openTestApp, type TestApp } from '../test/test-app';

/**
 * The typed client of packages/api-client: its types are generated from GET /api/docs/json
 * (`npm run api:client` runs this file with API_CLIENT_WRITE=1 to write them), so a route
 * changed without regenerating fails here; and the example of docs/API.md runs against a
 * real listening server.
 */

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await openTestApp();
  await seedDemoData(t.db);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

describe('the generated API client', () => {
  it('is up to date with the OpenAPI document (npm run api:client)', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const generated = await generateSchemaTypes(document);
    if (process.env.API_CLIENT_WRITE === '1') writeFileSync(SCHEMA_FILE, generated);
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    expect(committed === generated, 'packages/api-client/src/schema.ts is stale: run npm run api:client').toBe(true);
  });

  it('runs the example of docs/API.md: signs in and lists the active sites', async () => {
    const names = await firstSites(baseUrl, DEMO_ACCOUNTS.agent.email, DEMO_PASSWORD);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.length > 0)).toBe(true);
  });
});
