import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRoles } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { addMembership } from '../agents/agents.repository';
import { call, createOwner, createTestUser, headersOf, type Session, signIn } from '../companies/tenancy.test-support';

// The company screens' API: people by kind, an agent's history, the dashboard, the
// company code lookup and QR, and resending an invitation.
let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let member: Session; // agent role: lists agents and surveys, no invitations
let bare: Session; // a member holding no role at all
let partnerAgentId: number;
let memberAgentId: number;

async function memberOf(companyId: number, first_name: string, keepRoles = true) {
  // An agent account holds no global role: only the membership's roles count.
  const user = await createTestUser(t, { first_name, type: keepRoles ? 'customer' : 'agent' });
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId, userId: user.id, job: 'Enquêteur' }));
  if (!keepRoles) await t.db.orm.delete(agentRoles).where(eq(agentRoles.agent_id, agent.id));
  return { user, agent, session: { ...(await signIn(t, user)), agentId: agent.id } as Session };
}

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha SARL');
  b = await createOwner(t, 'Beta SA');
  const m = await memberOf(a.company.id, 'Marie');
  member = m.session;
  memberAgentId = m.agent.id;
  bare = (await memberOf(a.company.id, 'Sans', false)).session;
  const p = await memberOf(a.company.id, 'Paul');
  partnerAgentId = p.agent.id;
  expect((await call(t, 'POST', `agents/${partnerAgentId}/assignrole`, a.session, { role: 'partner' })).status).toBe(200);
});
afterAll(() => t.close());

describe('GET people/{type}', () => {
  it('splits members into agents and partners, with their roles', async () => {
    const agents = await call(t, 'GET', 'people/agents', a.session);
    expect(agents.status).toBe(200);
    const ids = agents.body.data.map((r: any) => r.id);
    expect(ids).toContain(memberAgentId);
    expect(ids).not.toContain(partnerAgentId);
    expect(agents.body.data.find((r: any) => r.id === a.company.agent_id).roles.map((r: any) => r.slug)).toContain('owner');
    const partners = await call(t, 'GET', 'people/partners', a.session);
    expect(partners.body.data.map((r: any) => r.id)).toEqual([partnerAgentId]);
    const search = await call(t, 'POST', 'people/agents/search', a.session, { input: 'mari' });
    expect(search.body.data.map((r: any) => r.id)).toEqual([memberAgentId]);
  });

  it('lists customers: signed-in respondents who are not members, name only', async () => {
    const customer = await createTestUser(t, { first_name: 'Cliente', last_name: 'Fidèle' });
    const [survey] = await t.db.rows<{ id: number }>(sql`
      INSERT INTO surveys (company_id, code, title, status) VALUES (${a.company.id}, 'CUST01', 'Satisfaction', 'published') RETURNING id`);
    await t.db.rows(sql`INSERT INTO participations (survey_id, company_id, user_id, agent_id, client_uuid, status)
      VALUES (${survey.id}, ${a.company.id}, ${customer.id}, NULL, 'uuid-cust-1', 'submitted'),
             (${survey.id}, ${a.company.id}, ${member.userId}, ${memberAgentId}, 'uuid-cust-2', 'submitted')`);
    const res = await call(t, 'GET', 'people/customers', a.session);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: customer.id, first_name: 'Cliente', participations_count: 1 });
    expect(res.body.data[0].email).toBeUndefined();
    // Another company has no customer from Alpha's survey.
    expect((await call(t, 'GET', 'people/customers', b.session)).body.data).toEqual([]);
  });

  it('401 signed out, 403 without the permission, 404 unknown kind, 422 bad query', async () => {
    expect((await call(t, 'GET', 'people/agents', null)).status).toBe(401);
    expect((await call(t, 'GET', 'people/agents', bare)).status).toBe(403);
    expect((await call(t, 'GET', 'people/robots', a.session)).status).toBe(404);
    const bad = await call(t, 'GET', 'people/agents?limit=-4', a.session);
    expect([400, 422]).toContain(bad.status);
    expect(bad.body.message).toMatch(/[a-zé]/);
  });
});

describe('GET agents/{id}/history', () => {
  it('gives groups, arrival and participations; 404 for another company; 403 without agents.show', async () => {
    const res = await call(t, 'GET', `agents/${memberAgentId}/history`, a.session);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ agent_id: memberAgentId, groups: [] });
    expect(res.body.data.events[0].kind).toBe('joined');
    expect(res.body.data.participations).toHaveLength(1);
    expect((await call(t, 'GET', `agents/${b.company.agent_id}/history`, a.session)).status).toBe(404);
    expect((await call(t, 'GET', `agents/${memberAgentId}/history`, null)).status).toBe(401);
    expect((await call(t, 'GET', `agents/${memberAgentId}/history`, bare)).status).toBe(403);
    expect((await call(t, 'GET', 'agents/abc/history', a.session)).status).toBe(404);
  });
});

describe('GET overview', () => {
  it('counts for the active company, each part by permission', async () => {
    const res = await call(t, 'GET', 'overview', a.session);
    expect(res.status).toBe(200);
    expect(res.body.data.company).toMatchObject({ id: a.company.id, code: a.company.code });
    expect(res.body.data.surveys).toMatchObject({ total: 1, by_status: { published: 1 } });
    expect(res.body.data.participations).toMatchObject({ this_week: 2, to_review: 2 });
    expect(res.body.data.participations.latest[0]).toMatchObject({ survey_title: 'Satisfaction' });
    expect(res.body.data.agents).toEqual({ active: 4, suspended: 0, invited: 0 });
    expect(res.body.data.approvals).toEqual({ pending: 0 });
    // The agent role lists surveys and agents but not invitations or approvals.
    const mine = await call(t, 'GET', 'overview', member);
    expect(mine.status).toBe(200);
    expect(mine.body.data.surveys).toBeDefined();
    expect(mine.body.data.invitations).toBeUndefined();
    expect(mine.body.data.approvals).toBeUndefined();
  });

  it('401, 403 with no permission, 404 for another company, 404 bad id', async () => {
    expect((await call(t, 'GET', 'overview', null)).status).toBe(401);
    expect((await call(t, 'GET', 'overview', bare)).status).toBe(403);
    expect((await call(t, 'GET', `overview/companies/${b.company.id}`, a.session)).status).toBe(404);
    expect((await call(t, 'GET', `overview/companies/${a.company.id}`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', 'overview/companies/x', a.session)).status).toBe(404);
  });
});

describe('company code: lookup and QR', () => {
  it('finds an active company by code, any case; 404 unknown or malformed; 401 signed out', async () => {
    const outsider = await signIn(t, await createTestUser(t));
    const res = await call(t, 'GET', `companies/code/${a.company.code.toLowerCase()}`, outsider);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: a.company.id, name: 'Alpha SARL', code: a.company.code, logo: null, sector: null, town: null });
    expect((await call(t, 'GET', 'companies/code/ZZZZZZ', outsider)).status).toBe(404);
    const bad = await call(t, 'GET', 'companies/code/%24%24', outsider);
    // A path parameter that fails its schema names nothing: the shared rule answers 404.
    expect(bad.status).toBe(404);
    expect((await call(t, 'GET', `companies/code/${a.company.code}`, null)).status).toBe(401);
  });

  it('draws the QR of the join link for members only', async () => {
    const png = await t.app.inject({ method: 'GET', url: `/api/v2/companies/${a.company.id}/qrcode.png?size=256`, headers: headersOf(member) });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(png.rawPayload.readUInt32BE(16)).toBe(256);
    const svg = await t.app.inject({ method: 'GET', url: `/api/v2/companies/${a.company.id}/qrcode.svg`, headers: headersOf(a.session) });
    expect(svg.body).toContain('<svg');
    expect(svg.headers['content-disposition']).toBe(`inline; filename="entreprise-${a.company.code}.svg"; filename*=UTF-8''entreprise-${a.company.code}.svg`);
    const inGerman = await t.app.inject({
      method: 'GET',
      url: `/api/v2/companies/${a.company.id}/qrcode.png?download=1`,
      headers: { ...headersOf(a.session), 'accept-language': 'de' },
    });
    expect(inGerman.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="unternehmen-${a.company.code}\\.png"`));
    expect((await call(t, 'GET', `companies/${b.company.id}/qrcode.png`, a.session)).status).toBe(404);
    expect((await call(t, 'GET', `companies/${a.company.id}/qrcode.png`, null)).status).toBe(401);
    expect((await call(t, 'GET', `companies/${a.company.id}/qrcode.png?size=5`, a.session)).status).toBe(422);
  });
});

describe('POST invitations/{id}/resend', () => {
  it('sends a pending invitation again with a fresh expiry', async () => {
    const guest = await createTestUser(t);
    const sent = await call(t, 'POST', 'invitations', a.session, { email: guest.email, job: 'Superviseur' });
    expect(sent.status).toBe(201);
    const id = sent.body.data.id;
    await t.db.rows(sql`UPDATE invitations SET expires_at = now() + interval '1 day' WHERE id = ${id}`);
    const res = await call(t, 'POST', `invitations/${id}/resend`, a.session);
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.data.expires_at)).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000);
    const outbox = await t.db.rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM outbox WHERE destination = ${guest.email}`);
    expect(Number(outbox[0].n)).toBe(2);
    expect((await call(t, 'POST', `invitations/${id}/resend`, null)).status).toBe(401);
    expect((await call(t, 'POST', `invitations/${id}/resend`, member)).status).toBe(403);
    expect((await call(t, 'POST', `invitations/${id}/resend`, b.session)).status).toBe(404);
    expect((await call(t, 'POST', 'invitations/0/resend', a.session)).status).toBe(404);
    await call(t, 'POST', `invitations/${id}/cancel`, a.session);
    const closed = await call(t, 'POST', `invitations/${id}/resend`, a.session);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe("Cette invitation n'est plus en attente.");
  });
});
