import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { findPublicCompanyByCode } from './companies.repository';
import { COMPANY_CODE_ALPHABET } from './company-code';
import { call, createOwner, createTestUser, type Session, signIn } from './tenancy.test-support';

let t: TestApp;
let admin: Session;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  a = await createOwner(t, 'Alpha SARL');
  b = await createOwner(t, 'Beta SA');
});
afterAll(() => t.close());

describe('POST companies', () => {
  it('makes the creator the first agent, owner with every permission, under a fresh unambiguous code', async () => {
    expect(a.company.code).toMatch(new RegExp(`^[${COMPANY_CODE_ALPHABET}]{6}$`));
    expect(a.company.code).not.toMatch(/[01OI]/);
    expect(a.company.code).not.toBe(b.company.code);
    const perms = await call(t, 'GET', `agents/${a.company.agent_id}/getpermissions`, a.session);
    expect(perms.status).toBe(200);
    expect(perms.body.data.roles.map((r: any) => r.slug).sort()).toEqual(['agent', 'owner']);
    expect(perms.body.data.permissions['companies.update']).toBe(true);
    expect(perms.body.data.permissions['roles.assignpermission']).toBe(true);
    const auth = await call(t, 'GET', 'auth', a.session);
    expect(auth.body.data.type ?? auth.body.data.user?.type).toBe('agent');
  });

  it('ignores status and code sent by the client, and checks references', async () => {
    const res = await call(t, 'POST', 'companies', a.session, { name: 'Gamma', status: 'suspended', code: 'HACKED' });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('active');
    expect(res.body.data.code).not.toBe('HACKED');
    const bad = await call(t, 'POST', 'companies', a.session, { name: 'Delta', zone_id: 999999 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.zone_id).toBeDefined();
  });

  it('refuses anonymous callers and invalid bodies', async () => {
    expect((await call(t, 'POST', 'companies', null, { name: 'Anonyme' })).status).toBe(401);
    expect((await call(t, 'POST', 'companies', a.session, { name: 'x' })).status).toBe(422);
  });
});

describe('reading companies', () => {
  it('lists only the caller’s companies, and every company for a platform admin', async () => {
    const mine = await call(t, 'GET', 'companies', b.session);
    expect(mine.body.data.map((c: any) => c.name)).toEqual(['Beta SA']);
    const all = await call(t, 'GET', 'companies', admin);
    expect(all.body.data.map((c: any) => c.name)).toEqual(expect.arrayContaining(['Alpha SARL', 'Beta SA', 'Gamma']));
    const stranger = await signIn(t, await createTestUser(t));
    expect((await call(t, 'GET', 'companies', stranger)).body.data).toEqual([]);
  });

  it('shows a member its company, and another company as 404', async () => {
    expect((await call(t, 'GET', `companies/${a.company.id}`, a.session)).body.data.name).toBe('Alpha SARL');
    const other = await call(t, 'GET', `companies/${b.company.id}`, a.session);
    expect(other.status).toBe(404);
    expect((await call(t, 'GET', `companies/${b.company.id}`, null)).status).toBe(401);
    const asAdmin = await call(t, 'GET', `companies/${b.company.id}?includes[]=agents`, admin);
    expect(asAdmin.body.data.agents.map((x: any) => x.id)).toEqual([b.company.agent_id]);
    const asMember = await call(t, 'GET', `companies/${a.company.id}?includes[]=agents`, a.session);
    expect(asMember.body.data.agents.map((x: any) => x.id)).toEqual([a.company.agent_id]);
  });

  it('finds an active company by its public code, typed loosely', async () => {
    const found = await findPublicCompanyByCode(t.db, ` ${a.company.code.toLowerCase()} `);
    expect(found).toMatchObject({ id: a.company.id, name: 'Alpha SARL' });
    expect(await findPublicCompanyByCode(t.db, 'ZZZZZZZ')).toBeNull();
  });
});

describe('changing companies', () => {
  it('lets the owner update its active company; another company is 404', async () => {
    const res = await call(t, 'POST', `companies/${a.company.id}`, a.session, { address: 'Akwa, Douala', status: 'suspended' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ address: 'Akwa, Douala', status: 'active' });
    expect((await call(t, 'POST', `companies/${b.company.id}`, a.session, { name: 'Volée' })).status).toBe(404);
    expect((await call(t, 'POST', `companies/${b.company.id}`, null, { name: 'Volée' })).status).toBe(401);
  });

  it('keeps delete and suspension for platform admins', async () => {
    expect((await call(t, 'DELETE', `companies/${a.company.id}`, a.session)).status).toBe(403);
    expect((await call(t, 'DELETE', `companies/${b.company.id}`, a.session)).status).toBe(404);
    expect((await call(t, 'POST', `companies/${a.company.id}/suspend`, a.session)).status).toBe(403);
    expect((await call(t, 'POST', `companies/${a.company.id}/suspend`, null)).status).toBe(401);
    const gamma = await call(t, 'POST', 'companies', b.session, { name: 'À supprimer' });
    const suspended = await call(t, 'POST', `companies/${gamma.body.data.id}/suspend`, admin);
    expect(suspended.body.data.status).toBe('suspended');
    expect((await call(t, 'POST', `companies/${gamma.body.data.id}/suspend`, admin)).status).toBe(409);
    expect((await call(t, 'POST', `companies/${gamma.body.data.id}/activate`, admin)).body.data.status).toBe('active');
    expect((await call(t, 'DELETE', `companies/${gamma.body.data.id}`, admin)).status).toBe(200);
    expect((await call(t, 'GET', `companies/${gamma.body.data.id}`, admin)).status).toBe(404);
  });
});

describe('POST companies/{id}/request_to_join', () => {
  it('creates a pending join request once; a second one is 409', async () => {
    const asker = await signIn(t, await createTestUser(t, { first_name: 'Candide' }));
    const res = await call(t, 'POST', `companies/${a.company.id}/request_to_join`, asker, { job: 'Enquêteur' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'pending', approvalable_type: 'join_request', company_id: a.company.id });
    expect(res.body.data.payload).toMatchObject({ job: 'Enquêteur', first_name: 'Candide' });
    expect((await call(t, 'POST', `companies/${a.company.id}/request_to_join`, asker, {})).status).toBe(409);
  });

  it('answers 409 to a member, 404 for an absent company and 401 anonymously', async () => {
    expect((await call(t, 'POST', `companies/${a.company.id}/request_to_join`, a.session, {})).status).toBe(409);
    expect((await call(t, 'POST', 'companies/999999/request_to_join', a.session, {})).status).toBe(404);
    expect((await call(t, 'POST', `companies/${a.company.id}/request_to_join`, null, {})).status).toBe(401);
  });
});
