import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner, createTestUser, type Session, signIn } from '../companies/tenancy.test-support';
import { addMembership } from './agents.repository';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let member: Session;
let memberAgentId: number;

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha SARL');
  b = await createOwner(t, 'Beta SA');
  const user = await createTestUser(t, { first_name: 'Marie' });
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId: a.company.id, userId: user.id, job: 'Enquêtrice' }));
  memberAgentId = agent.id;
  member = { ...(await signIn(t, user)), agentId: agent.id };
});
afterAll(() => t.close());

describe('reading agents', () => {
  it('lists the active company’s agents only', async () => {
    const res = await call(t, 'GET', 'agents', a.session);
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: any) => x.id).sort()).toEqual([a.company.agent_id, memberAgentId].sort());
    expect(res.body.data.every((x: any) => x.company_id === a.company.id)).toBe(true);
    expect((await call(t, 'GET', 'agents', null)).status).toBe(401);
  });

  it('shows an agent with its user, and another company’s agent as 404', async () => {
    const res = await call(t, 'GET', `agents/${memberAgentId}?includes[]=user`, a.session);
    expect(res.body.data).toMatchObject({ job: 'Enquêtrice', first_name: 'Marie', status: 'active' });
    expect(res.body.data.user.password_hash).toBeUndefined();
    expect((await call(t, 'GET', `agents/${b.company.agent_id}`, a.session)).status).toBe(404);
    expect((await call(t, 'GET', `agents/${memberAgentId}`, null)).status).toBe(401);
  });

  it('lets a member see itself, and its permission map', async () => {
    expect((await call(t, 'GET', `agents/${memberAgentId}`, member)).status).toBe(200);
    const perms = await call(t, 'GET', `agents/${memberAgentId}/getpermissions`, member);
    expect(perms.body.data.roles.map((r: any) => r.slug)).toEqual(['agent']);
    expect(perms.body.data.permissions['surveys.list']).toBe(true);
    expect(perms.body.data.permissions['roles.create']).toBeUndefined();
    expect((await call(t, 'GET', `agents/${b.company.agent_id}/getpermissions`, a.session)).status).toBe(404);
    expect((await call(t, 'GET', `agents/${memberAgentId}/getpermissions`, null)).status).toBe(401);
  });
});

describe('changing agents', () => {
  it('updates job and names, ignoring status, company and user', async () => {
    const res = await call(t, 'POST', `agents/${memberAgentId}`, a.session, {
      job: 'Superviseure',
      status: 'suspended',
      company_id: b.company.id,
      user_id: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ job: 'Superviseure', status: 'active', company_id: a.company.id });
    expect((await call(t, 'POST', `agents/${b.company.agent_id}`, a.session, { job: 'X' })).status).toBe(404);
    expect((await call(t, 'POST', `agents/${memberAgentId}`, member, { job: 'Chef' })).status).toBe(403);
    expect((await call(t, 'POST', `agents/${memberAgentId}`, null, { job: 'Chef' })).status).toBe(401);
  });

  it('suspends and reactivates a member, never oneself', async () => {
    const suspended = await call(t, 'POST', `agents/${memberAgentId}/suspend`, a.session);
    expect(suspended.body.data.status).toBe('suspended');
    // A suspended agent can no longer act in the company (the auth hook refuses it).
    expect((await call(t, 'GET', 'agents', member)).status).toBe(403);
    expect((await call(t, 'POST', `agents/${memberAgentId}/suspend`, a.session)).status).toBe(409);
    const back = await call(t, 'POST', `agents/${memberAgentId}/changestate`, a.session, { status: 'active' });
    expect(back.body.data.status).toBe('active');
    expect((await call(t, 'POST', `agents/${a.company.agent_id}/suspend`, a.session)).status).toBe(409);
    expect((await call(t, 'POST', `agents/${b.company.agent_id}/suspend`, a.session)).status).toBe(404);
    expect((await call(t, 'POST', `agents/${memberAgentId}/suspend`, null)).status).toBe(401);
  });
});

describe('agent roles', () => {
  it('assigns a company role or the partner role; refuses user-only and foreign roles', async () => {
    const partner = await call(t, 'POST', `agents/${memberAgentId}/assignrole`, a.session, { role: 'partner' });
    expect(partner.status).toBe(200);
    expect(partner.body.data.roles.map((r: any) => r.slug).sort()).toEqual(['agent', 'partner']);
    expect(partner.body.data.permissions['transactions.list']).toBe(true);
    const customer = await call(t, 'POST', `agents/${memberAgentId}/assignrole`, a.session, { role: 'customer' });
    expect(customer.status).toBe(422);
    const foreignRoles = await call(t, 'GET', 'roles', b.session);
    const foreignOwner = foreignRoles.body.data.find((r: any) => r.slug === 'owner' && r.company_id === b.company.id);
    expect((await call(t, 'POST', `agents/${memberAgentId}/assignrole`, a.session, { role_id: foreignOwner.id })).status).toBe(404);
    expect((await call(t, 'POST', `agents/${b.company.agent_id}/assignrole`, a.session, { role: 'partner' })).status).toBe(404);
    expect((await call(t, 'POST', `agents/${memberAgentId}/assignrole`, null, { role: 'partner' })).status).toBe(401);
  });

  it('never lets a holder grant more than it holds', async () => {
    const roles = await call(t, 'GET', 'roles', a.session);
    const assigner = await call(t, 'POST', 'roles', a.session, { name: 'Gestion équipe', permissions: ['agents.assignrole', 'agents.show'] });
    expect(assigner.status).toBe(201);
    await call(t, 'POST', `agents/${memberAgentId}/assignrole`, a.session, { role_id: assigner.body.data.id });
    const owner = roles.body.data.find((r: any) => r.slug === 'owner' && r.company_id === a.company.id);
    const escalate = await call(t, 'POST', `agents/${memberAgentId}/assignrole`, member, { role_id: owner.id });
    expect(escalate.status).toBe(403);
    expect(escalate.body.code).toBe('privilege_escalation');
  });

  it('removes roles but keeps one owner', async () => {
    const removed = await call(t, 'POST', `agents/${memberAgentId}/removerole`, a.session, { role: 'partner' });
    expect(removed.body.data.roles.map((r: any) => r.slug)).not.toContain('partner');
    expect((await call(t, 'POST', `agents/${memberAgentId}/removerole`, a.session, { role: 'partner' })).status).toBe(404);
    const lastOwner = await call(t, 'POST', `agents/${a.company.agent_id}/removerole`, a.session, { role: 'owner' });
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.code).toBe('last_owner');
    const lastOwnerEn = await callIn(t, 'en', 'POST', `agents/${a.company.agent_id}/removerole`, a.session, { role: 'owner' });
    expect(lastOwnerEn.body.message).toBe('The company must keep at least one active owner.');
    const notHeld = await callIn(t, 'de', 'POST', `agents/${memberAgentId}/removerole`, a.session, { role: 'partner' });
    expect(notHeld.body).toMatchObject({ code: 'role_not_held', message: 'Diese Rolle ist diesem Agenten nicht zugewiesen.' });
  });

  it('soft-deletes a member with its roles; another company’s agent is 404', async () => {
    expect((await call(t, 'DELETE', `agents/${b.company.agent_id}`, a.session)).status).toBe(404);
    expect((await call(t, 'DELETE', `agents/${a.company.agent_id}`, a.session)).status).toBe(409);
    expect((await call(t, 'DELETE', `agents/${memberAgentId}`, null)).status).toBe(401);
    expect((await call(t, 'DELETE', `agents/${memberAgentId}`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', `agents/${memberAgentId}`, a.session)).status).toBe(404);
    const rows = await t.db.rows<{ n: number }>(
      (await import('drizzle-orm')).sql`SELECT count(*)::int AS n FROM agent_roles WHERE agent_id = ${memberAgentId}`,
    );
    expect(rows[0].n).toBe(0);
  });
});
