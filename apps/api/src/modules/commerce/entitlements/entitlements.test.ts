import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { createMember } from '../commerce.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ LIMITS_ENFORCED: 'true' });
});
afterAll(() => t.close());

describe('limits of the package in force', () => {
  it('a company without subscription is on the free package: the 11th survey is refused with the limit and how to raise it', async () => {
    const { session } = await createOwner(t, 'Limites SARL');
    for (let i = 1; i <= 10; i++) {
      expect((await call(t, 'POST', 'surveys', session, { title: `Enquête ${i}` })).status).toBe(201);
    }
    const refused = await call(t, 'POST', 'surveys', session, { title: 'Enquête 11' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('limit_reached');
    expect(refused.body.message).toContain('10 enquête(s)');
    expect(refused.body.message).toContain('Découverte');
    expect(refused.body.message).toContain('formule supérieure');
    // A deleted survey frees its place.
    const list = (await call(t, 'GET', 'surveys', session)).body.data;
    expect((await call(t, 'DELETE', `surveys/${list[0].id}`, session)).status).toBe(200);
    expect((await call(t, 'POST', 'surveys', session, { title: 'Enquête 11' })).status).toBe(201);
    const usage = (await call(t, 'GET', 'features/usage', session)).body.data;
    expect(usage.package.slug).toBe('decouverte');
    expect(usage.usage.find((u: { slug: string }) => u.slug === 'surveys')).toMatchObject({ used: 10, limit: 10 });
  });

  it('invitations beyond the agents limit are refused (pending invitations count)', async () => {
    const { session } = await createOwner(t, 'Équipe SARL');
    for (let i = 1; i <= 9; i++) {
      expect((await call(t, 'POST', 'invitations', session, { email: `invite${i}@limite.cm` })).status).toBe(201);
    }
    const refused = await call(t, 'POST', 'invitations', session, { email: 'invite10@limite.cm' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('10 agent(s)');
  });

  it('refuses in the caller’s language: the limit, the package and how to raise it', async () => {
    const { session } = await createOwner(t, 'Sprachen SARL');
    for (let i = 1; i <= 9; i++) {
      expect((await call(t, 'POST', 'invitations', session, { email: `einladung${i}@limite.cm` })).status).toBe(201);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v2/invitations',
      headers: { ...headersOf(session), 'accept-language': 'de-DE,de;q=0.9' },
      payload: { email: 'einladung10@limite.cm' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'limit_reached',
      message: 'Limit erreicht: Ihr Paket erlaubt 10 Agent(en). (Paket „Découverte“). Um es zu erhöhen, wählen Sie unter Pakete ein größeres Paket.',
      // One count of seats: the owner and the nine pending invitations.
      errors: { agents: ['10 von 10 genutzt'] },
    });
  });

  it('counts agent seats once (members + pending invitations) for the check, the refusal and the usage screen', async () => {
    const { session, company } = await createOwner(t, 'Sièges SARL');
    const guests = [await createTestUser(t, { type: 'agent' }), await createTestUser(t, { type: 'agent' })];
    for (const guest of guests) expect((await call(t, 'POST', 'invitations', session, { email: guest.email })).status).toBe(201);
    for (let i = 3; i <= 9; i++) {
      expect((await call(t, 'POST', 'invitations', session, { email: `siege${i}@limite.cm` })).status).toBe(201);
    }
    const agentsUsage = async () =>
      (await call(t, 'GET', 'features/usage', session)).body.data.usage.find((u: { slug: string }) => u.slug === 'agents');
    expect(await agentsUsage()).toMatchObject({ used: 10, limit: 10, pending_invitations: 9 });
    const refused = await call(t, 'POST', 'invitations', session, { email: 'siege10@limite.cm' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({ agents: ['10 utilisé(s) sur 10'] });

    // Accepting turns a held seat into a member: allowed at the limit, and the count stays.
    const firstGuest = await signIn(t, guests[0]);
    const [first] = (await call(t, 'GET', 'invitations/mine', firstGuest)).body.data;
    expect((await call(t, 'POST', `invitations/${first.id}/accept`, firstGuest)).status).toBe(200);
    expect(await agentsUsage()).toMatchObject({ used: 10, limit: 10, pending_invitations: 8 });

    // Over the plan (as after a move to a smaller package): an acceptance is refused with the same count.
    await t.db.rows(sql`INSERT INTO invitations (company_id, email, expires_at) VALUES (${company.id}, 'surplus@limite.cm', now() + interval '1 day')`);
    const secondGuest = await signIn(t, guests[1]);
    const [second] = (await call(t, 'GET', 'invitations/mine', secondGuest)).body.data;
    const over = await call(t, 'POST', `invitations/${second.id}/accept`, secondGuest);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'limit_reached', errors: { agents: ['11 utilisé(s) sur 10'] } });
    const [surplus] = await t.db.rows<{ id: number }>(sql`SELECT id FROM invitations WHERE email = 'surplus@limite.cm'`);
    expect((await call(t, 'DELETE', `invitations/${surplus.id}`, session)).status).toBe(200);
    expect((await call(t, 'POST', `invitations/${second.id}/accept`, secondGuest)).status).toBe(200);
    expect(await agentsUsage()).toMatchObject({ used: 10, pending_invitations: 7 });
  });
});

describe('a reactivated member takes a seat again', () => {
  it('is refused past the agents limit with the same count, and allowed once a seat is free', async () => {
    const { session, company } = await createOwner(t, 'Retour SARL');
    const member = await createMember(t, company.id);
    expect((await call(t, 'POST', `agents/${member.agentId}/suspend`, session)).status).toBe(200);
    for (let i = 1; i <= 9; i++) {
      expect((await call(t, 'POST', 'invitations', session, { email: `retour${i}@limite.cm` })).status).toBe(201);
    }
    const refused = await call(t, 'POST', `agents/${member.agentId}/changestate`, session, { status: 'active' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'limit_reached', errors: { agents: ['10 utilisé(s) sur 10'] } });
    const [pending] = (await call(t, 'GET', 'invitations', session)).body.data;
    expect((await call(t, 'DELETE', `invitations/${pending.id}`, session)).status).toBe(200);
    expect((await call(t, 'POST', `agents/${member.agentId}/changestate`, session, { status: 'active' })).status).toBe(200);
  });
});

describe('an expired invitation sent again takes a seat again', () => {
  it('is refused past the agents limit; a pending one is sent again at the limit', async () => {
    const { session, company } = await createOwner(t, 'Relance SARL');
    const first = await call(t, 'POST', 'invitations', session, { email: 'relance0@limite.cm' });
    await t.db.rows(sql`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = ${first.body.data.id}`);
    for (let i = 1; i <= 9; i++) {
      expect((await call(t, 'POST', 'invitations', session, { email: `relance${i}@limite.cm` })).status).toBe(201);
    }
    const [pending] = await t.db.rows<{ id: number }>(sql`SELECT id FROM invitations WHERE company_id = ${company.id} AND email = 'relance1@limite.cm'`);
    expect((await call(t, 'POST', `invitations/${pending.id}/resend`, session)).status).toBe(200);
    const refused = await call(t, 'POST', `invitations/${first.body.data.id}/resend`, session);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'limit_reached', errors: { agents: ['10 utilisé(s) sur 10'] } });
    expect((await call(t, 'DELETE', `invitations/${pending.id}`, session)).status).toBe(200);
    expect((await call(t, 'POST', `invitations/${first.body.data.id}/resend`, session)).status).toBe(200);
  });
});

describe('an approved join request takes a seat', () => {
  it('is refused past the agents limit (the request stays pending), and approved once a seat is free', async () => {
    const { session, company } = await createOwner(t, 'Adhésion SARL');
    for (let i = 1; i <= 9; i++) {
      expect((await call(t, 'POST', 'invitations', session, { email: `adhesion${i}@limite.cm` })).status).toBe(201);
    }
    const asker = await signIn(t, await createTestUser(t, { type: 'agent' }));
    const request = await call(t, 'POST', `companies/${company.id}/request_to_join`, asker, { job: 'Caissière' });
    expect(request.status).toBe(201);
    const refused = await call(t, 'POST', 'approvals/validate', session, { id: request.body.data.id, action: 'approve' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'limit_reached', errors: { agents: ['10 utilisé(s) sur 10'] } });
    expect((await call(t, 'GET', `approvals/${request.body.data.id}`, session)).body.data.status).toBe('pending');
    const [pending] = (await call(t, 'GET', 'invitations', session)).body.data;
    expect((await call(t, 'DELETE', `invitations/${pending.id}`, session)).status).toBe(200);
    expect((await call(t, 'POST', 'approvals/validate', session, { id: request.body.data.id, action: 'approve' })).status).toBe(200);
  });
});

describe('one person holds one seat', () => {
  const agentsUsageOf = async (session: Session) =>
    (await call(t, 'GET', 'features/usage', session)).body.data.usage.find((u: { slug: string }) => u.slug === 'agents');

  it('an approved join request closes the requester’s invitation and takes the seat it held, at the limit', async () => {
    const { session, company } = await createOwner(t, 'Demande Invitée SARL');
    const person = await createTestUser(t, { type: 'agent' });
    const invited = await call(t, 'POST', 'invitations', session, { email: person.email });
    expect(invited.status).toBe(201);
    for (let i = 1; i <= 8; i++) {
      expect((await call(t, 'POST', 'invitations', session, { email: `demande${i}@limite.cm` })).status).toBe(201);
    }
    expect(await agentsUsageOf(session)).toMatchObject({ used: 10, limit: 10, pending_invitations: 9 });
    const asker = await signIn(t, person);
    const request = await call(t, 'POST', `companies/${company.id}/request_to_join`, asker, { job: 'Caissière' });
    expect(request.status).toBe(201);
    // The person already holds a seat through the invitation: the approval asks no other.
    const approved = await call(t, 'POST', 'approvals/validate', session, { id: request.body.data.id, action: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await agentsUsageOf(session)).toMatchObject({ used: 10, limit: 10, pending_invitations: 8 });
    expect((await call(t, 'GET', `invitations/${invited.body.data.id}`, session)).body.data.status).toBe('cancelled');
    expect((await call(t, 'GET', 'invitations/mine', asker)).body.data).toEqual([]);
    expect((await call(t, 'POST', `invitations/${invited.body.data.id}/accept`, asker)).status).toBe(409);
  });

  it('an approval refused at the limit leaves the requester’s invitations as they were', async () => {
    const { session, company } = await createOwner(t, 'Demande Pleine SARL');
    for (let i = 1; i <= 9; i++) {
      expect((await call(t, 'POST', 'invitations', session, { email: `pleine${i}@limite.cm` })).status).toBe(201);
    }
    // An invitation to another company of the requester's is not theirs to close here.
    const other = await createOwner(t, 'Autre Entreprise SARL');
    const person = await createTestUser(t, { type: 'agent' });
    const elsewhere = await call(t, 'POST', 'invitations', other.session, { email: person.email });
    const asker = await signIn(t, person);
    const request = await call(t, 'POST', `companies/${company.id}/request_to_join`, asker);
    const refused = await call(t, 'POST', 'approvals/validate', session, { id: request.body.data.id, action: 'approve' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'limit_reached', errors: { agents: ['10 utilisé(s) sur 10'] } });
    expect(await agentsUsageOf(session)).toMatchObject({ used: 10, pending_invitations: 9 });
    expect((await call(t, 'GET', `invitations/${elsewhere.body.data.id}`, other.session)).body.data.status).toBe('pending');
  });

  it('an e-mail and a phone invitation to one person: accepting one closes the other, one seat is left', async () => {
    const { session } = await createOwner(t, 'Deux Adresses SARL');
    const person = await createTestUser(t, { type: 'agent' });
    const byEmail = await call(t, 'POST', 'invitations', session, { email: person.email, first_name: 'Awa' });
    // Sent to a number no account had yet: the person adds and verifies it afterwards.
    const byPhone = await call(t, 'POST', 'invitations', session, { phone: '+237 699 44 55 66' });
    expect([byEmail.status, byPhone.status]).toEqual([201, 201]);
    await t.db.rows(sql`UPDATE users SET phone = '699445566', phone_verified_at = now() WHERE id = ${person.id}`);
    expect(await agentsUsageOf(session)).toMatchObject({ used: 3, pending_invitations: 2 });
    const guest = await signIn(t, person);
    expect((await call(t, 'GET', 'invitations/mine', guest)).body.data.map((i: { id: number }) => i.id).sort()).toEqual(
      [byEmail.body.data.id, byPhone.body.data.id].sort(),
    );
    expect((await call(t, 'POST', `invitations/${byEmail.body.data.id}/accept`, guest)).status).toBe(200);
    expect(await agentsUsageOf(session)).toMatchObject({ used: 2, pending_invitations: 0 });
    expect((await call(t, 'GET', `invitations/${byPhone.body.data.id}`, session)).body.data.status).toBe('cancelled');
    expect((await call(t, 'GET', `invitations/${byEmail.body.data.id}`, session)).body.data.status).toBe('accepted');
    expect((await call(t, 'GET', 'invitations/mine', guest)).body.data).toEqual([]);
  });
});

describe('features, packages and usage routes', () => {
  let owner: Session;
  beforeAll(async () => {
    owner = (await createOwner(t, 'Catalogue SARL')).session;
  });

  it('lists features and packages with their limits', async () => {
    const features = await call(t, 'GET', 'features', owner);
    expect(features.body.data.map((f: { slug: string }) => f.slug)).toEqual(['surveys', 'agents', 'participations', 'storage', 'articles', 'premium_templates']);
    const packages = (await call(t, 'GET', 'packages', owner)).body.data;
    expect(packages.map((p: { slug: string }) => p.slug)).toEqual(['decouverte', 'essentiel', 'entreprise']);
    const one = await call(t, 'GET', `packages/${packages[2].id}`, owner);
    expect(one.body.data.features.find((f: { slug: string }) => f.slug === 'surveys').limit).toBeNull();
    expect((await call(t, 'GET', 'packages/999999', owner)).status).toBe(404);
  });

  it('401 signed out, 403 without permission', async () => {
    expect((await call(t, 'GET', 'packages', null)).status).toBe(401);
    expect((await call(t, 'GET', 'features/usage', null)).status).toBe(401);
    const { company } = await createOwner(t, 'Membres SARL');
    expect((await call(t, 'GET', 'features/usage', await createMember(t, company.id))).status).toBe(403);
  });
});

describe('demo commerce data', () => {
  it('gives Démo SARL an Entreprise subscription (renewing the month before, with its overage billed), three invoices and three articles, once', async () => {
    const { seedDemoData } = await import('../../../demo/demo');
    await seedDemoData(t.db);
    await seedDemoData(t.db);
    const [row] = await t.db.rows<{ invoices: number; articles: number; subs: number; numbers: string; overage: number }>(sql`
      SELECT (SELECT count(*)::int FROM invoices i WHERE i.company_id = c.id) AS invoices,
             (SELECT count(*)::int FROM bills b WHERE b.company_id = c.id AND b.kind = 'overage') AS overage,
             (SELECT count(*)::int FROM articles a WHERE a.company_id = c.id) AS articles,
             (SELECT count(*)::int FROM subscriptions s JOIN packages p ON p.id = s.package_id WHERE s.company_id = c.id AND s.status = 'active' AND p.slug = 'entreprise') AS subs,
             (SELECT string_agg(number::text, ',' ORDER BY number) FROM invoices i WHERE i.company_id = c.id) AS numbers
      FROM companies c WHERE c.code = 'DEMSRL'`);
    expect(row).toEqual({ invoices: 3, articles: 3, subs: 2, numbers: '1,2,3', overage: 1 });
    const [priced] = await t.db.rows<{ price: number }>(sql`
      SELECT pf.overage_price AS price FROM package_features pf JOIN packages p ON p.id = pf.package_id JOIN features f ON f.id = pf.feature_id
      WHERE p.slug = 'essentiel' AND f.slug = 'participations'`);
    expect(priced.price).toBe(5);
  });
});
