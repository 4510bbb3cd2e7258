import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, headersOf, type Session, signIn } from '../companies/tenancy.test-support';
import { addMembership } from '../agents/agents.repository';
import { slugifyRoleName } from './roles.service';

let t: TestApp;
let admin: Session;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let member: Session;
let memberAgentId: number;
let bRoleId: number;

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  a = await createOwner(t, 'Alpha SARL');
  b = await createOwner(t, 'Beta SA');
  const user = await createTestUser(t);
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId: a.company.id, userId: user.id }));
  memberAgentId = agent.id;
  member = { ...(await signIn(t, user)), agentId: agent.id };
  bRoleId = (await call(t, 'POST', 'roles', b.session, { name: 'Superviseur B' })).body.data.id;
});
afterAll(() => t.close());

describe('listing roles and permissions', () => {
  it('shows the company’s roles and the global ones, never another company’s', async () => {
    const res = await call(t, 'GET', 'roles', a.session);
    expect(res.status).toBe(200);
    const slugs = res.body.data.map((r: any) => `${r.company_id === null ? 'global' : r.company_id}:${r.slug}`);
    expect(slugs).toEqual(
      expect.arrayContaining(['global:admin', 'global:customer', 'global:partner', `${a.company.id}:owner`, `${a.company.id}:agent`]),
    );
    expect(res.body.data.some((r: any) => r.company_id === b.company.id)).toBe(false);
    expect((await call(t, 'GET', `roles/${bRoleId}`, a.session)).status).toBe(404);
    expect((await call(t, 'GET', 'roles', member)).status).toBe(403);
    expect((await call(t, 'GET', 'roles', null)).status).toBe(401);
  });

  it('lists the permission catalogue to any signed-in caller', async () => {
    const res = await call(t, 'GET', 'permissions?filter_groups[0][filters][0][key]=object&filter_groups[0][filters][0][value]=locations', member);
    expect(res.body.data.map((p: any) => p.slug)).toEqual(['locations.manage']);
    expect((await call(t, 'GET', `permissions/${res.body.data[0].id}`, member)).body.data.slug).toBe('locations.manage');
    expect((await call(t, 'GET', 'permissions', null)).status).toBe(401);
    expect((await call(t, 'GET', `permissions/${res.body.data[0].id}`, null)).status).toBe(401);
  });
});

describe('company roles', () => {
  let roleId: number;

  it('creates a role with a slug from its name, ignoring is_owner', async () => {
    const res = await call(t, 'POST', 'roles', a.session, { name: "Chef d'équipe", is_owner: true, company_id: b.company.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ slug: 'chef-d-equipe', is_owner: false, company_id: a.company.id, state: 'active' });
    roleId = res.body.data.id;
    expect((await call(t, 'POST', 'roles', a.session, { name: "Chef d'équipe" })).status).toBe(409);
    expect((await call(t, 'POST', 'roles', member, { name: 'Pirate' })).status).toBe(403);
    expect((await call(t, 'POST', 'roles', null, { name: 'Pirate' })).status).toBe(401);
    expect(slugifyRoleName('  Équipe Nord / Sud ')).toBe('equipe-nord-sud');
    expect(slugifyRoleName('2026')).toBe('role-2026');
    expect(slugifyRoleName('!!')).toBe('role');
  });

  it('assigns and removes permissions by slug or id', async () => {
    const added = await call(t, 'POST', `roles/${roleId}/assignpermission`, a.session, { permission: 'sites.list' });
    expect(added.body.data.permissions.map((p: any) => p.slug)).toEqual(['sites.list']);
    const perm = added.body.data.permissions[0];
    const again = await call(t, 'POST', `roles/${roleId}/assignpermission`, a.session, { permission_id: perm.id });
    expect(again.body.data.permissions).toHaveLength(1);
    expect((await call(t, 'POST', `roles/${roleId}/assignpermission`, a.session, { permission: 'nope.nope' })).status).toBe(422);
    const removed = await call(t, 'POST', `roles/${roleId}/removepermission`, a.session, { permission: perm.id });
    expect(removed.body.data.permissions).toEqual([]);
    expect((await call(t, 'POST', `roles/${roleId}/removepermission`, a.session, { permission: 'sites.list' })).status).toBe(404);
    expect((await call(t, 'GET', `roles/${roleId}/getpermissions`, a.session)).body.data.permissions).toEqual([]);
  });

  it('keeps another company’s roles out of reach (404) and global roles read-only (403)', async () => {
    for (const [method, path, body] of [
      ['POST', `roles/${bRoleId}`, { name: 'Volé' }],
      ['DELETE', `roles/${bRoleId}`, undefined],
      ['POST', `roles/${bRoleId}/changestate`, {}],
      ['POST', `roles/${bRoleId}/assignpermission`, { permission: 'sites.list' }],
      ['POST', `roles/${bRoleId}/removepermission`, { permission: 'sites.list' }],
      ['GET', `roles/${bRoleId}/getpermissions`, undefined],
    ] as const) {
      expect((await call(t, method, path, a.session, body)).status, path).toBe(404);
      expect((await call(t, method, path, null, body)).status, path).toBe(401);
    }
    const partner = (await call(t, 'GET', 'roles', a.session)).body.data.find((r: any) => r.slug === 'partner');
    expect((await call(t, 'POST', `roles/${partner.id}`, a.session, { name: 'Associé' })).status).toBe(403);
    expect((await call(t, 'POST', `roles/${partner.id}/assignpermission`, a.session, { permission: 'sites.delete' })).status).toBe(403);
  });

  it('switches state, but never turns off an owner role', async () => {
    const off = await call(t, 'POST', `roles/${roleId}/changestate`, a.session, { state: 'inactive' });
    expect(off.body.data.state).toBe('inactive');
    const toggled = await call(t, 'POST', `roles/${roleId}/changestate`, a.session);
    expect(toggled.body.data.state).toBe('active');
    const owner = (await call(t, 'GET', 'roles', a.session)).body.data.find((r: any) => r.slug === 'owner');
    expect((await call(t, 'POST', `roles/${owner.id}/changestate`, a.session, { state: 'inactive' })).status).toBe(409);
    expect((await call(t, 'POST', `roles/${owner.id}/assignpermission`, a.session, { permission: 'sites.list' })).status).toBe(409);
    expect((await call(t, 'DELETE', `roles/${owner.id}`, a.session)).status).toBe(409);
  });

  it('refuses to delete a role someone holds, then deletes it', async () => {
    await call(t, 'POST', `agents/${memberAgentId}/assignrole`, a.session, { role_id: roleId });
    const held = await call(t, 'DELETE', `roles/${roleId}`, a.session);
    expect(held).toMatchObject({ status: 409, body: { code: 'role_in_use', message: "Ce rôle est attribué à 1 personne(s) : retirez-le-leur d'abord." } });
    // The same refusal in the caller's language (Accept-Language), same code and status.
    const inEnglish = await t.app.inject({ method: 'DELETE', url: `/api/v2/roles/${roleId}`, headers: { ...headersOf(a.session), 'accept-language': 'en' } });
    expect(inEnglish.statusCode).toBe(409);
    expect(inEnglish.json()).toMatchObject({ code: 'role_in_use', message: 'This role is held by 1 person(s): remove it from them first.' });
    await call(t, 'POST', `agents/${memberAgentId}/removerole`, a.session, { role_id: roleId });
    expect((await call(t, 'DELETE', `roles/${roleId}`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', `roles/${roleId}`, a.session)).status).toBe(404);
  });

  it('an inactive role grants nothing', async () => {
    const role = await call(t, 'POST', 'roles', a.session, { name: 'Export factures', permissions: ['bills.export'] });
    await call(t, 'POST', `agents/${memberAgentId}/assignrole`, a.session, { role_id: role.body.data.id });
    const before = await call(t, 'GET', `agents/${memberAgentId}/getpermissions`, a.session);
    expect(before.body.data.permissions['bills.export']).toBe(true);
    await call(t, 'POST', `roles/${role.body.data.id}/changestate`, a.session, { state: 'inactive' });
    const after = await call(t, 'GET', `agents/${memberAgentId}/getpermissions`, a.session);
    expect(after.body.data.permissions['bills.export']).toBeUndefined();
  });
});

describe('global roles (platform admin)', () => {
  it('creates, edits and protects global roles', async () => {
    const created = await call(t, 'POST', 'roles', admin, { name: 'Auditeur', permissions: ['surveys.list'] });
    expect(created.status).toBe(201);
    expect(created.body.data.company_id).toBeNull();
    const renamed = await call(t, 'POST', `roles/${created.body.data.id}`, admin, { name: 'Auditeur externe' });
    expect(renamed.body.data.name).toBe('Auditeur externe');
    const all = await call(t, 'GET', 'roles?limit=1000', admin);
    expect(all.body.data.some((r: any) => r.company_id === b.company.id)).toBe(true);
    const customer = all.body.data.find((r: any) => r.slug === 'customer' && r.company_id === null);
    expect((await call(t, 'DELETE', `roles/${customer.id}`, admin)).status).toBe(409);
    expect((await call(t, 'POST', `roles/${customer.id}/changestate`, admin, { state: 'inactive' })).status).toBe(409);
  });
});
