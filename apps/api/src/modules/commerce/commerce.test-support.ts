import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../test/test-app';
import { openTestApp } from '../../test/test-app';
import { addMembership } from '../tenancy/agents/agents.repository';
import { call, createOwner, createTestUser, type Session, signIn } from '../tenancy/companies/tenancy.test-support';

/** Test helpers of the commerce context. */

/**
 * The app listening on a loopback port (the operator emulators live on it and call it back),
 * emulators answering at once and calling back only when asked (`deliverCallback`).
 */
export async function openCommerceApp(env: Record<string, string> = {}): Promise<TestApp & { origin: string }> {
  const t = await openTestApp({ PAYMENT_EMULATOR_DELAY_MS: '-1', PAYMENT_SWEEP_INTERVAL_S: '0', ...env });
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...t, origin };
}

/** Asks an emulator to send its callback for a request now (as the operator would). */
export async function deliverCallback(t: { origin: string }, provider: 'mtn_momo' | 'orange_money', reference: string) {
  const prefix = provider === 'mtn_momo' ? '/emulators/momo' : '/emulators/orange';
  const res = await fetch(`${t.origin}${prefix}/_control/${reference}/callback`, { method: 'POST' });
  return (await res.json()) as { delivered: number };
}

/** An agent-type user holding only the company's default `agent` role (no commerce permission). */
export async function createMember(t: TestApp, companyId: number): Promise<Session> {
  const user = await createTestUser(t, { type: 'agent', first_name: 'Membre' });
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId, userId: user.id }));
  const session = await signIn(t, user);
  session.agentId = agent.id;
  return session;
}

export async function createCustomer(t: TestApp): Promise<Session> {
  return signIn(t, await createTestUser(t, { type: 'customer', first_name: 'Cliente' }));
}

/** The e-mail a test account signed up with (verified): how a company addresses an invoice to it. */
export async function emailOf(t: TestApp, session: Session): Promise<string> {
  const [row] = await t.db.rows<{ email: string }>(sql`SELECT email FROM users WHERE id = ${session.userId}`);
  return row.email;
}

/** An open invoice of 10 000 XAF HT addressed to `customer` (by their e-mail, as a company does). */
export async function createOpenInvoice(t: TestApp, owner: Session, customer: Session, lines = [{ label: 'Prestation', quantity: 2, unit_price: 5000 }]) {
  const res = await call(t, 'POST', 'invoices', owner, { customer_email: await emailOf(t, customer), customer_name: 'Cliente Test', lines, issue: true });
  if (res.status !== 201) throw new Error(`invoice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; code: string; total: number; number: number; status: string };
}

export async function initPayment(t: TestApp, session: Session, kind: string, body: Record<string, unknown>) {
  return call(t, 'POST', `steps/transactions/${kind}/init`, session, { client_key: randomUUID(), ...body });
}

export { call, createOwner };
