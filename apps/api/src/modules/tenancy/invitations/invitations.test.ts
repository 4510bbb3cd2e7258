import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RoomEvent } from '../../../events/event-bus';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, type Session, signIn, type TestUser } from '../companies/tenancy.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let guestUser: TestUser;
let guest: Session;
const events: RoomEvent[] = [];

beforeAll(async () => {
  t = await openTestApp();
  t.app.events.subscribe((event) => events.push(event));
  a = await createOwner(t, 'Alpha SARL', { first_name: 'Awa' });
  b = await createOwner(t, 'Beta SA');
  guestUser = await createTestUser(t, { first_name: 'Gaston' });
  guest = await signIn(t, guestUser);
});
afterAll(() => t.close());

async function invite(session: Session, payload: Record<string, unknown>) {
  return call(t, 'POST', 'invitations', session, payload);
}

describe('POST invitations', () => {
  it('invites an existing account, links it, tells it live and by e-mail', async () => {
    const res = await invite(a.session, {
      email: guestUser.email.toUpperCase(),
      datas: { job: 'Enquêteur', first_name: 'Gaston', last_name: 'Mbida' },
      status: 'accepted',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'pending', company_id: a.company.id });
    expect(res.body.data.datas).toEqual({ job: 'Enquêteur', first_name: 'Gaston', last_name: 'Mbida' });
    const days = (Date.parse(res.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const event = events.find((e) => e.name === 'invitation.sent');
    expect(event?.room).toBe(`users.${guestUser.id}`);
    expect(event?.data).toMatchObject({ id: res.body.data.id, status: 'pending', host: { name: 'Awa Nom' }, company: { name: 'Alpha SARL' } });
    const mail = await t.db.rows<{ subject: string }>(sql`SELECT subject FROM outbox WHERE destination = ${guestUser.email}`);
    expect(mail.map((m) => m.subject)).toContain('Invitation à rejoindre Alpha SARL');
  });

  it('answers 409 to a second pending invitation and to a member', async () => {
    expect((await invite(a.session, { email: guestUser.email })).status).toBe(409);
    const res = await invite(a.session, { email: a.user.email });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('already_member');
  });

  it('invites by phone someone without an account, without a live event', async () => {
    const before = events.length;
    const res = await invite(a.session, { phone: '+237 699 00 11 22', first_name: 'Paul' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ phone: '699001122', datas: { first_name: 'Paul' } });
    expect(events.length).toBe(before);
    expect((await invite(a.session, { phone: '12345' })).status).toBe(422);
    expect((await invite(a.session, { datas: { job: 'x' } })).status).toBe(422);
  });

  it('answers the inviter alike whether the address has an account or not', async () => {
    const known = await createTestUser(t);
    const withAccount = await invite(b.session, { email: known.email, job: 'Agent' });
    const without = await invite(b.session, { email: `nobody-${Date.now()}@test.cm`, job: 'Agent' });
    expect([withAccount.status, without.status]).toEqual([201, 201]);
    const comparable = ({ id, code, email, created_at, updated_at, expires_at, ...rest }: Record<string, unknown>) => rest;
    expect(Object.keys(withAccount.body.data).sort()).toEqual(Object.keys(without.body.data).sort());
    expect(comparable(withAccount.body.data)).toEqual(comparable(without.body.data));
    expect(withAccount.body.data).not.toHaveProperty('guest_user_id');
    // Nor do reading, listing or filtering tell them apart.
    expect((await call(t, 'GET', `invitations/${withAccount.body.data.id}`, b.session)).body.data).not.toHaveProperty('guest_user_id');
    const list = await call(t, 'GET', 'invitations', b.session);
    expect(list.body.data.some((i: Record<string, unknown>) => 'guest_user_id' in i)).toBe(false);
    const filtered = await call(t, 'POST', 'invitations/search', b.session, {
      filter_groups: [{ filters: [{ key: 'guest_user_id', operator: 'eq', value: known.id }] }],
    });
    expect(filtered.status).toBe(400);
  });

  it('does not tell that an e-mail and a phone belong to one account', async () => {
    const both = await createTestUser(t, { phone: '677001122' });
    expect((await invite(b.session, { email: both.email })).status).toBe(201);
    // Another address of the same account is a new invitation, not "already pending".
    const byPhone = await invite(b.session, { phone: '677 00 11 22' });
    expect(byPhone.status).toBe(201);
    expect((await invite(b.session, { phone: '+237677001122' })).body.code).toBe('pending_invitation');
  });

  it('needs the permission and a session', async () => {
    const plain = await signIn(t, await createTestUser(t));
    expect((await invite(plain, { email: 'x@test.cm' })).status).toBe(403);
    expect((await call(t, 'POST', 'invitations', null, { email: 'x@test.cm' })).status).toBe(401);
  });
});

describe('reading invitations', () => {
  it('lists the company’s invitations only; another company’s is 404', async () => {
    const other = await invite(b.session, { email: 'someone@test.cm' });
    const list = await call(t, 'GET', 'invitations', a.session);
    expect(list.body.data.every((i: any) => i.company_id === a.company.id)).toBe(true);
    expect(list.body.data.length).toBe(2);
    expect((await call(t, 'GET', `invitations/${other.body.data.id}`, a.session)).status).toBe(404);
    expect((await call(t, 'GET', `invitations/${other.body.data.id}`, null)).status).toBe(401);
    expect((await call(t, 'GET', 'invitations', null)).status).toBe(401);
  });

  it('shows the guest its pending invitations with host and company names', async () => {
    const mine = await call(t, 'GET', 'invitations/mine', guest);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ status: 'pending', host: { name: 'Awa Nom' }, company: { name: 'Alpha SARL' } });
    expect((await call(t, 'GET', 'invitations/mine', null)).status).toBe(401);
  });
});

describe('answering invitations', () => {
  it('lets only the guest answer: others get 404', async () => {
    const id = (await call(t, 'GET', 'invitations/mine', guest)).body.data[0].id;
    expect((await call(t, 'POST', `invitations/${id}/accept`, a.session)).status).toBe(404);
    expect((await call(t, 'POST', `invitations/${id}/refuse`, b.session)).status).toBe(404);
    expect((await call(t, 'POST', `invitations/${id}/accept`, null)).status).toBe(401);
  });

  it('accepts: creates the agent with the datas and adds the company', async () => {
    const id = (await call(t, 'GET', 'invitations/mine', guest)).body.data[0].id;
    const res = await call(t, 'POST', `invitations/${id}/accept`, guest);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      status: 'accepted',
      company_id: a.company.id,
      datas: { job: 'Enquêteur', first_name: 'Gaston', last_name: 'Mbida' },
      company: { id: a.company.id, name: 'Alpha SARL' },
    });
    expect(data.company.pivot).toMatchObject({ id: data.guest_agent_id, company_id: a.company.id, user_id: guestUser.id, job: 'Enquêteur', name: 'Gaston Mbida', email: guestUser.email });
    const companies = await call(t, 'GET', 'companies', guest);
    expect(companies.body.data.map((c: any) => c.id)).toEqual([a.company.id]);
    const agent = await call(t, 'GET', `agents/${data.guest_agent_id}`, a.session);
    expect(agent.body.data).toMatchObject({ job: 'Enquêteur', last_name: 'Mbida', status: 'active' });
    expect((await call(t, 'POST', `invitations/${id}/accept`, guest)).status).toBe(409);
    expect((await call(t, 'POST', `invitations/${id}/refuse`, guest)).status).toBe(409);
  });

  it('refuses, and an e-mail invitation reaches an account once its address is verified', async () => {
    const later = await invite(b.session, { email: 'later@test.cm', datas: { job: 'Caissier' } });
    const user = await createTestUser(t, { email: 'later@test.cm' });
    const session = await signIn(t, user);
    const mine = await call(t, 'GET', 'invitations/mine', session);
    expect(mine.body.data.map((i: any) => i.id)).toEqual([later.body.data.id]);
    const refused = await call(t, 'POST', `invitations/${later.body.data.id}/refuse`, session);
    expect(refused.body.data).toEqual({ id: later.body.data.id, status: 'refused' });
    expect((await call(t, 'GET', 'invitations/mine', session)).body.data).toEqual([]);
  });

  it('does not hand an invitation to an unverified address', async () => {
    await invite(b.session, { email: 'unverified@test.cm' });
    const user = await createTestUser(t, { email: 'unverified@test.cm' });
    await t.db.rows(sql`UPDATE users SET email_verified_at = NULL WHERE id = ${user.id}`);
    expect((await call(t, 'GET', 'invitations/mine', await signIn(t, user))).body.data).toEqual([]);
  });

  it('treats an expired invitation as 409 and marks it expired', async () => {
    const res = await invite(b.session, { email: guestUser.email });
    await t.db.rows(sql`UPDATE invitations SET expires_at = now() - interval '1 day' WHERE id = ${res.body.data.id}`);
    expect((await call(t, 'POST', `invitations/${res.body.data.id}/accept`, guest)).status).toBe(409);
    expect((await call(t, 'GET', `invitations/${res.body.data.id}`, b.session)).body.data.status).toBe('expired');
  });
});

describe('cancelling invitations', () => {
  it('lets the host company cancel a pending invitation; others get 404', async () => {
    const res = await invite(b.session, { email: 'cancel@test.cm' });
    const id = res.body.data.id;
    expect((await call(t, 'POST', `invitations/${id}/cancel`, a.session)).status).toBe(404);
    expect((await call(t, 'DELETE', `invitations/${id}`, null)).status).toBe(401);
    expect((await call(t, 'POST', `invitations/${id}/cancel`, b.session)).body.data.status).toBe('cancelled');
    expect((await call(t, 'DELETE', `invitations/${id}`, b.session)).status).toBe(409);
  });
});

describe('an invitation by its code (public/getobject/invitation/{code}, section 7)', () => {
  it('resolves without sign-in to the company, the host and the job, never the guest; unknown codes are 404', async () => {
    const sent = await call(t, 'POST', 'invitations', a.session, { email: 'code.invite@test.cm', job: 'Enquêtrice' });
    expect(sent.status).toBe(201);
    const code: string = sent.body.data.code;
    expect(code).toMatch(/^[0-9A-F]{16}$/);
    const found = await call(t, 'GET', `public/getobject/invitation/${code.toLowerCase()}`, null);
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      type: 'invitation',
      invitation: { id: sent.body.data.id, code, status: 'pending', job: 'Enquêtrice', host: expect.stringContaining('Awa') },
      company: { id: a.company.id, name: 'Alpha SARL' },
    });
    expect(JSON.stringify(found.body.data)).not.toContain('code.invite@test.cm');
    // Withdrawn: still resolved, with its status, so the page can say so.
    expect((await call(t, 'POST', `invitations/${sent.body.data.id}/cancel`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', `public/getobject/invitation/${code}`, null)).body.data.invitation.status).toBe('cancelled');
    expect((await call(t, 'GET', 'public/getobject/invitation/0000000000000000', null)).status).toBe(404);
    expect((await call(t, 'GET', 'public/getobject/invitation/pas-un-code', null)).status).toBe(404);
  });

  it('gives every invitation its own code, existing ones included', async () => {
    const rows = await t.db.rows<{ n: number; distinct_codes: number }>(sql`SELECT count(*)::int AS n, count(DISTINCT code)::int AS distinct_codes FROM invitations`);
    expect(rows[0].n).toBeGreaterThan(0);
    expect(rows[0].distinct_codes).toBe(rows[0].n);
  });
});

describe('an invitation’s expiry on one clock: the database’s (invitation-expiry.ts)', () => {
  // The API process's clock an hour behind the database's (a drifting machine, or another
  // process of the same deployment): every answer must still agree with the seat count.
  const withLateClock = async (run: () => Promise<void>) => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 3_600_000 });
    try {
      await run();
    } finally {
      vi.useRealTimers();
    }
  };

  it('an invitation past its date on the database’s clock is expired for every reader, as the seat count says', async () => {
    const c = await createOwner(t, 'Horloge SARL');
    const person = await createTestUser(t, { first_name: 'Horace' });
    const sent = await invite(c.session, { email: person.email });
    await t.db.rows(sql`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = ${sent.body.data.id}`);
    const guestSession = await signIn(t, person);
    await withLateClock(async () => {
      const agents = (await call(t, 'GET', 'features/usage', c.session)).body.data.usage.find((u: { slug: string }) => u.slug === 'agents');
      expect(agents).toMatchObject({ used: 1, pending_invitations: 0 });
      expect((await call(t, 'GET', 'invitations/mine', guestSession)).body.data).toEqual([]);
      const shown = await call(t, 'GET', `public/getobject/invitation/${sent.body.data.code}`, null);
      expect(shown.body.data.invitation.status).toBe('expired');
      const accepted = await call(t, 'POST', `invitations/${sent.body.data.id}/accept`, guestSession);
      expect(accepted.status).toBe(409);
      expect(accepted.body.code).toBe('expired');
    });
    expect((await call(t, 'GET', `invitations/${sent.body.data.id}`, c.session)).body.data.status).toBe('expired');
  });

  it('dates a new and a resent invitation on the database’s clock', async () => {
    const c = await createOwner(t, 'Horloge Relance SARL');
    let id = 0;
    await withLateClock(async () => {
      const sent = await invite(c.session, { email: 'horloge.relance@test.cm' });
      expect(sent.status).toBe(201);
      id = sent.body.data.id;
    });
    const daysAhead = async () => {
      const [row] = await t.db.rows<{ days: number }>(sql`SELECT extract(epoch FROM expires_at - now()) / 86400 AS days FROM invitations WHERE id = ${id}`);
      return Number(row.days);
    };
    expect(await daysAhead()).toBeGreaterThan(13.99);
    await t.db.rows(sql`UPDATE invitations SET expires_at = now() + interval '1 day' WHERE id = ${id}`);
    await withLateClock(async () => {
      expect((await call(t, 'POST', `invitations/${id}/resend`, c.session)).status).toBe(200);
    });
    expect(await daysAhead()).toBeGreaterThan(13.99);
  });
});
