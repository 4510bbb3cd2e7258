import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_PASSWORD, seedDemoData } from '../demo/demo';
import type { Session } from '../modules/tenancy/companies/tenancy.test-support';
import { openTestApp, type TestApp } from './test-app';

/** The real app over this file's database, seeded with the demo data twice: the second run must add nothing. */
export async function openDemoApp(): Promise<TestApp> {
  const t = await openTestApp();
  await seedDemoData(t.db);
  await seedDemoData(t.db); // a second run adds nothing
  return t;
}

/**
 * A demo account signed in through POST auth/login on its own device; `asAgentOf` adds
 * its agent in that demo company (the `agent-id` the company's screens send).
 */
export async function signInDemo(t: TestApp, email: string, options: { device: string; asAgentOf?: string }): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { login: email, password: DEMO_PASSWORD, device: { ref: options.device } },
  });
  expect(res.statusCode, email).toBe(200);
  const data = res.json().data;
  const session: Session = { userId: data.user.id, token: data.token };
  if (options.asAgentOf) {
    const [agent] = await t.db.rows<{ id: number }>(
      sql`SELECT a.id FROM agents a JOIN companies c ON c.id = a.company_id WHERE a.user_id = ${session.userId} AND c.code = ${options.asAgentOf}`,
    );
    session.agentId = agent.id;
  }
  return session;
}

/** agent@demo.cm, acting as the owner of Démo SARL. */
export function signInDemoOwner(t: TestApp, device: string): Promise<Session> {
  return signInDemo(t, DEMO_ACCOUNTS.agent.email, { device, asAgentOf: DEMO_COMPANIES.demo.code });
}
