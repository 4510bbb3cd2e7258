import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../../db/client';
import { agents, companies, users } from '../../../db/schema';
import { hashPassword } from './password';

/** Test-only helpers for the sign-in suites (not loaded by the app). */

export const PASSWORD = 'Secret-pass-1';

let counter = 0;
/** A unique suffix so that suites sharing a Redis or a database never collide. */
export function unique(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
}

export function deviceRef(): string {
  return `dev-${randomBytes(8).toString('hex')}`;
}

export async function createUserWithPassword(
  db: Database,
  fields: Partial<typeof users.$inferInsert> = {},
  password = PASSWORD,
) {
  const name = unique('user');
  const [row] = await db.orm
    .insert(users)
    .values({
      username: name,
      email: `${name}@example.cm`,
      first_name: 'Awa',
      last_name: 'Ngono',
      password_hash: await hashPassword(password),
      email_verified_at: new Date(),
      type: 'customer',
      ...fields,
    })
    .returning();
  return row;
}

export async function createCompanyWithAgent(
  db: Database,
  userId: number,
  fields: Partial<typeof agents.$inferInsert> = {},
  companyFields: Partial<typeof companies.$inferInsert> = {},
) {
  const [company] = await db.orm
    .insert(companies)
    .values({ name: `Société ${unique('c')}`, code: unique('C').toUpperCase().slice(0, 20), ...companyFields })
    .returning();
  const [agent] = await db.orm
    .insert(agents)
    .values({ company_id: company.id, user_id: userId, job: 'Superviseur', first_name: 'Awa', ...fields })
    .returning();
  return { company, agent };
}

export async function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: `/api/v2${url}`, payload: payload as any, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: `/api/v2${url}`, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

export async function signIn(app: FastifyInstance, login: string, password = PASSWORD, ref = deviceRef()) {
  const res = await post(app, '/auth/login', { login, password, device: { ref } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { token: string; refresh_token: string; expires_at: string; user: any };
}

/** The newest outbox message to an address (through the dev endpoint, as the browser tests do). */
export async function lastMessageTo(app: FastifyInstance, destination: string) {
  const res = await get(app, `/dev/outbox?destination=${encodeURIComponent(destination)}&limit=1`);
  expect(res.status).toBe(200);
  return res.body.data[0] as { body: string; subject: string | null; channel: string } | undefined;
}

/** The six-digit code of the newest message to an address. */
export async function lastCodeTo(app: FastifyInstance, destination: string): Promise<string> {
  const message = await lastMessageTo(app, destination);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  expect(code, `no code sent to ${destination}`).toBeDefined();
  return code as string;
}
