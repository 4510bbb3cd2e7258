import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE_SLUG, CUSTOMER_ROLE_SLUG } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import type { TestApp } from '../../../test/test-app';
import { hashPassword } from '../../identity/auth/password';
import { loadPermissionSlugs } from '../roles/permission-map';
import { createUser, grantGlobalRole } from '../../identity/users/users.repository';

/** Test helpers for the tenancy modules: accounts, sign-in, request headers, contexts. */

export const TEST_PASSWORD = 'Passw0rd!test';
let passwordHash: Promise<string> | null = null;

export interface TestUser {
  id: number;
  email: string;
}

/** An active account with TEST_PASSWORD (the hash is computed once per file). */
export async function createTestUser(
  t: TestApp,
  options: { type?: 'admin' | 'agent' | 'customer'; first_name?: string; last_name?: string; email?: string; phone?: string } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = options.email ?? `u${randomBytes(5).toString('hex')}@test.cm`;
  const user = await createUser(t.db, {
    email,
    phone: options.phone ?? null,
    first_name: options.first_name ?? 'Prénom',
    last_name: options.last_name ?? 'Nom',
    type: options.type ?? 'customer',
    password_hash: await passwordHash,
    email_verified_at: new Date(),
  });
  if (options.type === 'admin') await grantGlobalRole(t.db, user.id, ADMIN_ROLE_SLUG);
  if ((options.type ?? 'customer') === 'customer') await grantGlobalRole(t.db, user.id, CUSTOMER_ROLE_SLUG);
  return { id: user.id, email };
}

export interface Session {
  userId: number;
  token: string;
  /** The agent sent as Agent-id, when set. */
  agentId?: number;
}

/** Signs in through POST auth/login and returns the bearer token. */
export async function signIn(t: TestApp, user: TestUser): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { login: user.email, password: TEST_PASSWORD, device: { ref: `dev-${randomBytes(6).toString('hex')}` } },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { userId: user.id, token: res.json().data.token };
}

export function headersOf(session: Session, agentId = session.agentId): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${session.token}`, userid: String(session.userId) };
  if (agentId !== undefined) headers['agent-id'] = String(agentId);
  return headers;
}

/** A JSON call as the given session (anonymous without one). */
export async function call(t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, session?: Session | null, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v2/${url}`,
    headers: session ? headersOf(session) : {},
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** `call` with an Accept-Language header: the answer's texts in that language. */
export async function callIn(t: TestApp, locale: string, method: 'GET' | 'POST' | 'DELETE', url: string, session?: Session | null, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v2/${url}`,
    headers: { ...(session ? headersOf(session) : {}), 'accept-language': locale },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Signs up a user who founds a company; the session then acts as its owner agent. */
export async function createOwner(t: TestApp, companyName: string, options: { first_name?: string } = {}) {
  const user = await createTestUser(t, { first_name: options.first_name ?? 'Fondateur' });
  const session = await signIn(t, user);
  const res = await call(t, 'POST', 'companies', session, { name: companyName });
  if (res.status !== 201) throw new Error(`company creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  session.agentId = res.body.data.agent_id;
  return { user, session, company: res.body.data as { id: number; code: string; agent_id: number; name: string } };
}

/** A service-level context for a user, resolved like the auth hook does. */
export async function contextFor(t: TestApp, userId: number, agent?: { id: number; company_id: number }): Promise<RequestContext> {
  const [user] = await t.db.orm.select({ type: users.type }).from(users).where(eq(users.id, userId));
  return {
    db: t.db,
    events: t.app.events,
    locale: 'fr',
    actor: {
      userId,
      type: user.type,
      agentId: agent?.id ?? null,
      companyId: agent?.company_id ?? null,
      permissions: await loadPermissionSlugs(t.db, { userId, agentId: agent?.id ?? null }),
    },
  };
}
