import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { addMembership } from '../modules/tenancy/agents/agents.repository';
import { call, createOwner, createTestUser, headersOf, type Session, signIn } from '../modules/tenancy/companies/tenancy.test-support';
import { openTestApp, type TestApp } from '../test/test-app';

// Two API processes of one deployment: the same database and Redis, each with its own
// actor cache. A change made through one must never be honoured by the other once the
// change's answer came back. Without REDIS_URL there is no second process to tell.
const redisUrl = loadConfig().REDIS_URL;
const title = redisUrl
  ? 'actor cache across two API processes'
  : 'actor cache across two API processes — SKIPPED: REDIS_URL is not set (e.g. REDIS_URL=redis://127.0.0.1:6379)';

/** A call on the second process, as `session`. */
async function on(app: FastifyInstance, url: string, session: Session, agentId = session.agentId) {
  const res = await app.inject({ method: 'GET', url: `/api/v2/${url}`, headers: headersOf(session, agentId) });
  return res.statusCode;
}

describe('actor cache on one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp({ ACTOR_CACHE_TTL_MS: '60000' });
  });
  afterAll(() => t?.close());

  it('answers from the cache, and drops it at once when a permission is taken back', async () => {
    const owner = await createOwner(t, `Cache ${randomBytes(3).toString('hex')}`);
    const member = await createTestUser(t);
    const agent = await addMembership(t.db, { companyId: owner.company.id, userId: member.id });
    const role = await call(t, 'POST', 'roles', owner.session, { name: `Lecteur ${randomBytes(3).toString('hex')}`, permissions: ['roles.list'] });
    expect(role.status).toBe(201);
    expect((await call(t, 'POST', `agents/${agent.id}/assignrole`, owner.session, { role: role.body.data.id })).status).toBe(200);
    const session = { ...(await signIn(t, member)), agentId: agent.id };
    expect(await on(t.app, 'roles', session)).toBe(200);
    expect(t.app.actorCache?.size).toBeGreaterThan(0);
    expect((await call(t, 'POST', `roles/${role.body.data.id}/removepermission`, owner.session, { permission: 'roles.list' })).status).toBe(200);
    expect(await on(t.app, 'roles', session)).toBe(403);
  });
});

describe.skipIf(!redisUrl)(title, () => {
  const env = { REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`, ACTOR_CACHE_TTL_MS: '60000' };
  let t: TestApp;
  let second: FastifyInstance;
  let owner: Awaited<ReturnType<typeof createOwner>>;

  beforeAll(async () => {
    t = await openTestApp(env);
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMIT_MAX: '100000', ...env });
    second = await buildApp({ config, db: t.db, serveWeb: false });
    await second.ready();
    // Ready means subscribed to the other processes' invalidations: the caches are on.
    if (!t.app.actorCache?.enabled || !second.actorCache?.enabled) throw new Error('actor caches are off');
    owner = await createOwner(t, `Deux ${randomBytes(3).toString('hex')}`);
  });

  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** A member of the owner's company holding a role with `roles.list`, signed in and cached on the second process. */
  async function cachedMember() {
    const user = await createTestUser(t);
    const agent = await addMembership(t.db, { companyId: owner.company.id, userId: user.id });
    const role = await call(t, 'POST', 'roles', owner.session, { name: `Lecteur ${randomBytes(3).toString('hex')}`, permissions: ['roles.list'] });
    expect(role.status).toBe(201);
    expect((await call(t, 'POST', `agents/${agent.id}/assignrole`, owner.session, { role: role.body.data.id })).status).toBe(200);
    const session: Session = { ...(await signIn(t, user)), agentId: agent.id };
    expect(await on(second, 'roles', session)).toBe(200);
    expect(await on(second, 'roles', session)).toBe(200);
    return { user, agent, roleId: role.body.data.id as number, session };
  }

  it('a permission removed from the role on one process is refused on the other', async () => {
    const m = await cachedMember();
    expect((await call(t, 'POST', `roles/${m.roleId}/removepermission`, owner.session, { permission: 'roles.list' })).status).toBe(200);
    expect(await on(second, 'roles', m.session)).toBe(403);
  });

  it('a role switched off or taken from the agent is refused on the other', async () => {
    const a = await cachedMember();
    expect((await call(t, 'POST', `roles/${a.roleId}/changestate`, owner.session, { state: 'inactive' })).status).toBe(200);
    expect(await on(second, 'roles', a.session)).toBe(403);
    const b = await cachedMember();
    expect((await call(t, 'POST', `agents/${b.agent.id}/removerole`, owner.session, { role: b.roleId })).status).toBe(200);
    expect(await on(second, 'roles', b.session)).toBe(403);
  });

  it('a suspended agent is refused on the other', async () => {
    const m = await cachedMember();
    expect((await call(t, 'POST', `agents/${m.agent.id}/suspend`, owner.session)).status).toBe(200);
    expect(await on(second, 'roles', m.session)).toBe(403);
  });

  it('a session ended on one process (logout, password change) is refused on the other', async () => {
    const m = await cachedMember();
    const logout = await t.app.inject({ method: 'GET', url: '/api/v2/auth/logout', headers: headersOf(m.session) });
    expect(logout.statusCode).toBe(200);
    expect(await on(second, 'roles', m.session)).toBe(499);
  });

  it('an account suspended on one process is refused on the other', async () => {
    const admin = await createTestUser(t, { type: 'admin' });
    const adminSession = await signIn(t, admin);
    const m = await cachedMember();
    expect((await call(t, 'POST', `users/${m.user.id}/suspend`, adminSession)).status).toBe(200);
    expect([401, 499]).toContain(await on(second, 'roles', m.session));
  });

  it('a permission granted on one process is honoured on the other at once', async () => {
    const user = await createTestUser(t);
    const agent = await addMembership(t.db, { companyId: owner.company.id, userId: user.id });
    const session: Session = { ...(await signIn(t, user)), agentId: agent.id };
    expect(await on(second, 'roles', session)).toBe(403);
    const role = await call(t, 'POST', 'roles', owner.session, { name: `Liste ${randomBytes(3).toString('hex')}`, permissions: ['roles.list'] });
    expect((await call(t, 'POST', `agents/${agent.id}/assignrole`, owner.session, { role: role.body.data.id })).status).toBe(200);
    expect(await on(second, 'roles', session)).toBe(200);
  });
});
