import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { addMembership } from '../agents/agents.repository';
import { call, createOwner, createTestUser, headersOf, signIn } from './tenancy.test-support';

/**
 * Every `{id}` route of the tenancy modules, called anonymously (401) and by the owner
 * of company A on company B's records (404: another company's record does not exist).
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
type Route = [method: 'GET' | 'POST' | 'DELETE', path: string, body?: Record<string, unknown>];
let crossCompany: Route[] = [];
let platformOnly: Route[] = [];
let permissionId: number;

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha SARL');
  const b = await createOwner(t, 'Beta SA');
  const bUser = await createTestUser(t);
  const bAgent = await t.db.transaction((tx) => addMembership(tx, { companyId: b.company.id, userId: bUser.id }));
  const bRole = (await call(t, 'POST', 'roles', b.session, { name: 'Rôle B', permissions: ['sites.list'] })).body.data.id;
  const invitee = await createTestUser(t);
  const bInvitation = (await call(t, 'POST', 'invitations', b.session, { email: invitee.email })).body.data.id;
  const asker = await signIn(t, await createTestUser(t));
  const bApproval = (await call(t, 'POST', `companies/${b.company.id}/request_to_join`, asker)).body.data.id;
  permissionId = (await call(t, 'GET', 'permissions?limit=1', a.session)).body.data[0].id;
  const role = { role: 'partner' };
  crossCompany = [
    ['GET', `companies/${b.company.id}`],
    ['POST', `companies/${b.company.id}`, { name: 'Volée' }],
    ['DELETE', `companies/${b.company.id}`],
    ['POST', `companies/${b.company.id}/suspend`],
    ['POST', `companies/${b.company.id}/activate`],
    ['GET', `agents/${bAgent.id}`],
    ['POST', `agents/${bAgent.id}`, { job: 'Volé' }],
    ['DELETE', `agents/${bAgent.id}`],
    ['POST', `agents/${bAgent.id}/changestate`, { status: 'suspended' }],
    ['POST', `agents/${bAgent.id}/suspend`],
    ['POST', `agents/${bAgent.id}/activate`],
    ['GET', `agents/${bAgent.id}/getpermissions`],
    ['POST', `agents/${bAgent.id}/assignrole`, role],
    ['POST', `agents/${bAgent.id}/removerole`, role],
    ['GET', `roles/${bRole}`],
    ['POST', `roles/${bRole}`, { name: 'Volé' }],
    ['DELETE', `roles/${bRole}`],
    ['POST', `roles/${bRole}/changestate`],
    ['GET', `roles/${bRole}/getpermissions`],
    ['POST', `roles/${bRole}/assignpermission`, { permission: 'sites.show' }],
    ['POST', `roles/${bRole}/removepermission`, { permission: 'sites.list' }],
    ['GET', `invitations/${bInvitation}`],
    ['POST', `invitations/${bInvitation}/cancel`],
    ['DELETE', `invitations/${bInvitation}`],
    ['POST', `invitations/${bInvitation}/accept`],
    ['POST', `invitations/${bInvitation}/refuse`],
    ['GET', `approvals/${bApproval}`],
    ['POST', 'approvals/validate', { id: bApproval, action: 'approve' }],
    ['GET', `users/${bUser.id}`],
    ['GET', `users/${bUser.id}/getpermissions`],
  ];
  platformOnly = [
    ['POST', `users/${bUser.id}`, { first_name: 'Volé' }],
    ['DELETE', `users/${bUser.id}`],
    ['POST', `users/${bUser.id}/suspend`],
    ['POST', `users/${bUser.id}/activate`],
    ['POST', `users/${bUser.id}/changetype`, { type: 'admin' }],
    ['POST', `users/${bUser.id}/assignrole`, role],
    ['POST', `users/${bUser.id}/removerole`, role],
  ];
});
afterAll(() => t.close());

describe('tenancy of every {id} route', () => {
  it('answers 401 to anonymous callers', async () => {
    for (const [method, path, body] of [...crossCompany, ...platformOnly, ['GET', `permissions/${permissionId}`] as Route]) {
      expect((await call(t, method, path, null, body)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 404 for another company’s record, never 403 or 2xx', async () => {
    for (const [method, path, body] of crossCompany) {
      const res = await call(t, method, path, a.session, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.success).toBe(false);
    }
  });

  it('keeps account management to platform admins', async () => {
    for (const [method, path, body] of platformOnly) {
      expect((await call(t, method, path, a.session, body)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('refuses an Agent-id header naming another company’s agent (403)', async () => {
    const agents = await call(t, 'GET', 'agents', a.session);
    expect(agents.status).toBe(200);
    const foreignAgentId = String((crossCompany[5][1] as string).split('/')[1]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/agents',
      headers: { ...headersOf(a.session), 'agent-id': foreignAgentId },
    });
    expect(res.statusCode).toBe(403);
  });
});
