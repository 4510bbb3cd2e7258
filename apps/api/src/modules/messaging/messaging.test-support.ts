// Fixtures of the messaging suites (imported by *.test.ts only).
import { agents } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { call, createTestUser, type Session, signIn } from '../tenancy/companies/tenancy.test-support';

/** A new account that joins the owner's company through a real invitation; the session acts as that agent. */
export async function joinCompany(t: TestApp, owner: Session, first_name = 'Agent'): Promise<Session & { email: string }> {
  const user = await createTestUser(t, { first_name });
  const invited = await call(t, 'POST', 'invitations', owner, { email: user.email });
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const session = await signIn(t, user);
  const accepted = await call(t, 'POST', `invitations/${invited.body.data.id}/accept`, session);
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { ...session, agentId: accepted.body.data.guest_agent_id, email: user.email };
}

/** An agent of the company holding no role at all: every permission check answers 403. */
export async function bareAgent(t: TestApp, companyId: number): Promise<Session> {
  const user = await createTestUser(t, { type: 'agent' });
  const [agent] = await t.db.orm.insert(agents).values({ company_id: companyId, user_id: user.id }).returning({ id: agents.id });
  return { ...(await signIn(t, user)), agentId: agent.id };
}

/** Polls `read` until `done` holds (background work), without asserting on time. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 200): Promise<T> {
  let value = await read();
  for (let i = 0; i < tries && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

/**
 * POST broadcasts, then lets the background fan-out finish (broadcast-fanout.ts) and
 * answers the broadcast as it stands then (status `sent`, its final recipient_count).
 * A refused publish is answered as it came.
 */
export async function publishBroadcast(t: TestApp, session: Session, body: unknown) {
  const res = await call(t, 'POST', 'broadcasts', session, body);
  if (res.status !== 201) return res;
  t.app.messaging.broadcasts.kick();
  await t.app.messaging.broadcasts.idle();
  const after = await call(t, 'GET', `broadcasts/${res.body.data.id}`, session);
  return { ...res, body: after.body };
}
