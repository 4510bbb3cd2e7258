import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { addMembership } from '../../tenancy/agents/agents.repository';
import { call, contextFor, createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { setAdmin, suspendUser, userDetailForAdmin } from './admin-users.service';

let t: TestApp;
let admin: Session;
let adminId: number;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await openTestApp();
  const adminUser = await createTestUser(t, { type: 'admin', first_name: 'Admin' });
  adminId = adminUser.id;
  admin = await signIn(t, adminUser);
  owner = await createOwner(t, `Société ${randomBytes(3).toString('hex')}`);
});
afterAll(() => t.close());

const get = (url: string, session: Session | null = admin) => call(t, 'GET', url, session);
const post = (url: string, session: Session | null = admin, body: unknown = {}) => call(t, 'POST', url, session, body);

describe('GET admin/users', () => {
  it('lists every account with its type, companies and last sign-in, filtered and paged', async () => {
    const all = await get('admin/users?limit=100');
    expect(all.status).toBe(200);
    const row = all.body.data.find((u: any) => u.id === owner.user.id);
    expect(row).toMatchObject({ type: 'agent', status: 'active', companies_count: 1 });
    expect(row.last_sign_in_at).not.toBeNull();
    expect(all.body.meta.total).toBeGreaterThanOrEqual(2);

    const byCompany = await get(`admin/users?company_id=${owner.company.id}`);
    expect(byCompany.body.data.map((u: any) => u.id)).toEqual([owner.user.id]);
    const admins = await get('admin/users?type=admin&limit=100');
    expect(admins.body.data.every((u: any) => u.type === 'admin')).toBe(true);
    const never = await createTestUser(t, { first_name: `Jamais${randomBytes(2).toString('hex')}` });
    const neverRows = await get('admin/users?signed_in=never&limit=100');
    expect(neverRows.body.data.map((u: any) => u.id)).toContain(never.id);
    expect(neverRows.body.data.map((u: any) => u.id)).not.toContain(owner.user.id);
    expect((await get('admin/users?signed_in=7d&limit=100')).body.data.map((u: any) => u.id)).toContain(owner.user.id);
    expect((await get(`admin/users?q=${encodeURIComponent(never.email)}`)).body.data.map((u: any) => u.id)).toEqual([never.id]);
    expect((await get('admin/users?phone_validated=yes&limit=100')).body.data.map((u: any) => u.id)).not.toContain(never.id);
    const paged = await get('admin/users?limit=1&page=1');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.meta).toMatchObject({ page: 1, limit: 1, has_more: true });
  });

  it('is for platform admins only, and says in French what is wrong with the query', async () => {
    expect((await get('admin/users', null)).status).toBe(401);
    expect((await get('admin/users', owner.session)).status).toBe(403);
    const bad = await get('admin/users?type=martian&page=-1');
    expect(bad.status).toBe(422);
    expect(bad.body.data.type[0]).toMatch(/Type de compte inconnu/);
    expect(bad.body.data.page[0]).toMatch(/négative/);
  });
});

describe('GET admin/users/{id}', () => {
  it('shows the companies and roles, devices and open sessions, and what the admin may do', async () => {
    const res = await get(`admin/users/${owner.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.memberships).toEqual([expect.objectContaining({ company_id: owner.company.id, company_name: owner.company.name })]);
    expect(res.body.data.memberships[0].roles.length).toBeGreaterThan(0);
    expect(res.body.data.devices[0].open_sessions).toBe(1);
    expect(res.body.data.can).toEqual({ suspend: true, reactivate: false, sign_out: true, reset_code: true, promote: true, demote: false });
    const self = await get(`admin/users/${adminId}`);
    expect(self.body.data.can).toEqual({ suspend: false, reactivate: false, sign_out: false, reset_code: false, promote: false, demote: false });
  });

  it('answers 401, 403, 404', async () => {
    expect((await get(`admin/users/${owner.user.id}`, null)).status).toBe(401);
    expect((await get(`admin/users/${owner.user.id}`, owner.session)).status).toBe(403);
    const missing = await get('admin/users/99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/n'existe pas/);
  });
});

describe('admin actions on an account', () => {
  it('suspends (refused at the next request) and reactivates', async () => {
    const user = await createTestUser(t);
    const session = await signIn(t, user);
    expect((await get('auth', session)).status).toBe(200);
    const suspended = await post(`admin/users/${user.id}/suspend`);
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({ status: 'suspended', can: { reactivate: true, suspend: false } });
    expect([401, 499]).toContain((await get('auth', session)).status);
    expect((await post(`admin/users/${user.id}/suspend`)).status).toBe(409);
    expect((await post(`admin/users/${user.id}/reactivate`)).body.data.status).toBe('active');
    expect((await signIn(t, user)).token).toBeTruthy();
  });

  it('never suspends or demotes oneself; another admin can be demoted and promoted again', async () => {
    const self = await post(`admin/users/${adminId}/suspend`);
    expect(self.status).toBe(409);
    expect(self.body.message).toMatch(/propre compte/);
    // The same refusal in the caller's language (Accept-Language), same code and status.
    const inEnglish = await t.app.inject({ method: 'POST', url: `/api/v2/admin/users/${adminId}/suspend`, headers: { ...headersOf(admin), 'accept-language': 'en' }, payload: {} });
    expect(inEnglish.statusCode).toBe(409);
    expect(inEnglish.json()).toMatchObject({ code: 'self_change', message: 'You cannot do this on your own account.' });
    expect((await post(`admin/users/${adminId}/demote`)).status).toBe(409);
    const other = await createTestUser(t, { type: 'admin' });
    const demoted = await post(`admin/users/${other.id}/demote`);
    expect(demoted.status).toBe(200);
    expect(demoted.body.data.type).toBe('agent');
    expect((await post(`admin/users/${other.id}/promote`)).body.data.type).toBe('admin');
  });

  it('never suspends nor demotes the last active admin (two admins acting on each other at once)', async () => {
    const solo = await openTestApp();
    try {
      const a = await createTestUser(solo, { type: 'admin' });
      const b = await createTestUser(solo, { type: 'admin' });
      const c = await createTestUser(solo, { type: 'admin' });
      const onlyAandB = () => solo.db.rows(sql`UPDATE users SET status = 'suspended' WHERE type = 'admin' AND id NOT IN (${a.id}, ${b.id})`);
      const activeAdmins = async () =>
        (await solo.db.rows<{ id: number }>(sql`SELECT id FROM users WHERE type = 'admin' AND status = 'active' AND deleted_at IS NULL`)).map((r) => Number(r.id));
      const reset = () => solo.db.rows(sql`UPDATE users SET type = 'admin', status = 'active' WHERE id IN (${a.id}, ${b.id})`);
      await onlyAandB();
      // Both requests passed the sign-in check while both were admins: each checks the rule
      // inside its own transaction, so one of them waits for the other and is refused.
      for (const act of [(ctx: Awaited<ReturnType<typeof contextFor>>, id: number) => setAdmin(ctx, id, false), suspendUser]) {
        const [asA, asB] = await Promise.all([contextFor(solo, a.id), contextFor(solo, b.id)]);
        const results = await Promise.allSettled([act(asA, b.id), act(asB, a.id)]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({ status: 409, code: 'last_admin' });
        expect(await activeAdmins()).toHaveLength(1);
        await reset();
      }

      // The same through the API: two concurrent requests, the platform keeps one active admin.
      const [sessionA, sessionB] = [await signIn(solo, a), await signIn(solo, b)];
      const [one, two] = await Promise.all([call(solo, 'POST', `admin/users/${b.id}/demote`, sessionA), call(solo, 'POST', `admin/users/${a.id}/demote`, sessionB)]);
      expect([one.status, two.status].filter((s) => s === 200)).toHaveLength(1);
      // The other one was refused: by the rule (409), or already as a non-admin (403).
      const other = one.status === 200 ? two : one;
      expect([403, 409]).toContain(other.status);
      if (other.status === 409) expect(other.body.message).toMatch(/dernier administrateur/);
      expect(await activeAdmins()).toHaveLength(1);

      // The last one left: refused (by a suspended admin whose request passed the sign-in
      // check before the suspension), nothing changed, nothing audited.
      const [last] = await activeAdmins();
      const asC = await contextFor(solo, c.id);
      const audits = () => solo.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`);
      const before = await audits();
      await expect(suspendUser(asC, last)).rejects.toMatchObject({ status: 409, code: 'last_admin' });
      await expect(setAdmin(asC, last, false)).rejects.toMatchObject({ status: 409, code: 'last_admin' });
      expect(await activeAdmins()).toEqual([last]);
      expect(await audits()).toEqual(before);
      expect((await userDetailForAdmin(asC, last)).can).toMatchObject({ suspend: false, demote: false });
    } finally {
      await solo.close();
    }
  });

  it('signs the account out of every device, the account staying active', async () => {
    const user = await createTestUser(t);
    const one = await signIn(t, user);
    const two = await signIn(t, user);
    const res = await post(`admin/users/${user.id}/signout`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('active');
    expect(res.body.data.devices.every((d: any) => d.open_sessions === 0)).toBe(true);
    for (const s of [one, two]) expect([401, 499]).toContain((await get('auth', s)).status);
    expect((await signIn(t, user)).token).toBeTruthy();
  });

  it('sends a password-reset code through the outbox; the link and code set a new password', async () => {
    const user = await createTestUser(t);
    const res = await post(`admin/users/${user.id}/reset-code`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ channel: 'email', destination: user.email });
    const [mail] = await t.db.rows<{ body: string }>(sql`SELECT body FROM outbox WHERE destination = ${user.email} ORDER BY id DESC LIMIT 1`);
    const code = /code de réinitialisation : (\d{6})/.exec(mail.body)?.[1];
    const resetId = /forgot-password-reset\?id=([\w-]+)/.exec(mail.body)?.[1];
    expect(code && resetId).toBeTruthy();
    const reset = await t.app.inject({ method: 'POST', url: `/api/v2/auth/reset-password/${resetId}`, payload: { code, password: 'Nouveau1!mot', password_confirmation: 'Nouveau1!mot' } });
    expect(reset.statusCode).toBe(200);
  });

  it('marks the phone or the e-mail validated; 422 when the account has none', async () => {
    const user = await createTestUser(t, { phone: `6${String(Date.now()).slice(-8)}` });
    const res = await post(`admin/users/${user.id}/validate`, admin, { channel: 'phone' });
    expect(res.status).toBe(200);
    expect(res.body.data.phone_verified_at).not.toBeNull();
    const noPhone = await createTestUser(t);
    const refused = await post(`admin/users/${noPhone.id}/validate`, admin, { channel: 'phone' });
    expect(refused.status).toBe(422);
    expect(refused.body.data.channel[0]).toMatch(/téléphone/);
    const bad = await post(`admin/users/${noPhone.id}/validate`, admin, { channel: 'fax' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.channel[0]).toMatch(/Précisez/);
  });

  it('assigns and removes platform roles', async () => {
    const roles = await get('admin/roles');
    expect(roles.status).toBe(200);
    const customerRole = roles.body.data.find((r: any) => r.slug === 'customer');
    expect(roles.body.data.some((r: any) => r.slug === 'admin')).toBe(false);
    const user = await createTestUser(t, { type: 'agent' });
    expect((await post(`admin/users/${user.id}/assignrole`, admin, { role: customerRole.id })).status).toBe(200);
    expect((await get(`admin/users/${user.id}`)).body.data.roles.map((r: any) => r.slug)).toContain('customer');
    expect((await post(`admin/users/${user.id}/removerole`, admin, { role: customerRole.id })).status).toBe(200);
    expect((await get(`admin/users/${user.id}`)).body.data.roles).toEqual([]);
    expect((await post(`admin/users/${user.id}/assignrole`, admin, { role: 'nope' })).status).toBe(404);
  });

  it('every action: 401 signed out, 403 for a non-admin, 404 for an unknown account', async () => {
    for (const path of ['suspend', 'reactivate', 'signout', 'reset-code', 'promote', 'demote']) {
      expect((await post(`admin/users/${owner.user.id}/${path}`, null)).status).toBe(401);
      expect((await post(`admin/users/${owner.user.id}/${path}`, owner.session)).status).toBe(403);
      expect((await post(`admin/users/99999999/${path}`)).status).toBe(404);
    }
    expect((await post(`admin/users/${owner.user.id}/validate`, owner.session, { channel: 'email' })).status).toBe(403);
    expect((await post('admin/users/99999999/validate', admin, { channel: 'email' })).status).toBe(404);
    expect((await get('admin/roles', owner.session)).status).toBe(403);
  });
});

// Two API processes on one database and Redis: a suspension through one is refused by the other at once.
const redisUrl = loadConfig().REDIS_URL;
describe.skipIf(!redisUrl)(`suspension across two API processes${redisUrl ? '' : ' — SKIPPED: REDIS_URL is not set'}`, () => {
  const env = { REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`, ACTOR_CACHE_TTL_MS: '60000' };
  let first: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await openTestApp(env);
    second = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMIT_MAX: '100000', ...env }), db: first.db, serveWeb: false });
    await second.ready();
    if (!first.app.actorCache?.enabled || !second.actorCache?.enabled) throw new Error('actor caches are off');
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const onSecond = async (session: Session) => (await second.inject({ method: 'GET', url: '/api/v2/auth', headers: headersOf(session) })).statusCode;

  it('an account suspended or signed out by an admin on one process is refused on the other', async () => {
    const boss = await signIn(first, await createTestUser(first, { type: 'admin' }));
    const company = await createOwner(first, `Deux ${randomBytes(3).toString('hex')}`);
    const member = await createTestUser(first);
    const agent = await addMembership(first.db, { companyId: company.company.id, userId: member.id });
    const session: Session = { ...(await signIn(first, member)), agentId: agent.id };
    expect(await onSecond(session)).toBe(200); // cached on the second process
    expect((await call(first, 'POST', `admin/users/${member.id}/suspend`, boss)).status).toBe(200);
    expect([401, 499]).toContain(await onSecond(session));
    expect((await call(first, 'POST', `admin/users/${member.id}/reactivate`, boss)).status).toBe(200);

    const again = await signIn(first, member);
    expect(await onSecond(again)).toBe(200);
    expect((await call(first, 'POST', `admin/users/${member.id}/signout`, boss)).status).toBe(200);
    expect([401, 499]).toContain(await onSecond(again));
  });
});
