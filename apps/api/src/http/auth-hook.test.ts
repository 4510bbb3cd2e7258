import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRoles, permissions, rolePermissions, roles } from '../db/schema';
import { bearer, createCompanyWithAgent, createUserWithPassword, get, signIn } from '../modules/identity/auth/auth.test-helpers';
import { openTestApp, type TestApp } from '../test/test-app';
import './actor';
import { registerAuthHook } from './auth-hook';
import { resolveSignedIn } from '../modules/identity/auth/request-actor';
import { registerErrorHandler } from './error-handler';

let t: TestApp;
/** A bare app with only the hook and a route that shows the resolved actor. */
let probe: FastifyInstance;

beforeAll(async () => {
  t = await openTestApp();
  probe = Fastify({ logger: false });
  probe.decorate('db', t.db);
  probe.decorateRequest('actor', null);
  registerErrorHandler(probe, { spaFallback: false });
  await probe.register(
    async (api) => {
      registerAuthHook(api, resolveSignedIn);
      api.get('/whoami', async (request) => ({
        actor: request.actor && { ...request.actor, permissions: [...request.actor.permissions].sort() },
        deviceId: request.authSession?.deviceId ?? null,
      }));
    },
    { prefix: '/api/v2' },
  );
  await probe.ready();
});
afterAll(async () => {
  await probe.close();
  await t.close();
});

async function whoami(headers: Record<string, string>) {
  const res = await probe.inject({ method: 'GET', url: '/api/v2/whoami', headers });
  return { status: res.statusCode, body: res.json() };
}

async function grantRole(companyId: number, agentId: number, slug: string) {
  const [permission] = await t.db.orm
    .insert(permissions)
    .values({ object: slug.split('.')[0], action: slug.split('.')[1], slug })
    .onConflictDoNothing()
    .returning();
  const [role] = await t.db.orm.insert(roles).values({ company_id: companyId, name: slug, slug }).returning();
  if (permission) await t.db.orm.insert(rolePermissions).values({ role_id: role.id, permission_id: permission.id });
  await t.db.orm.insert(agentRoles).values({ agent_id: agentId, role_id: role.id });
}

describe('the auth hook', () => {
  it('leaves requests without Authorization anonymous', async () => {
    expect(await whoami({})).toEqual({ status: 200, body: { actor: null, deviceId: null } });
  });

  it('resolves the actor with the first active agent when no Agent-id is sent', async () => {
    const user = await createUserWithPassword(t.db, { type: 'agent' });
    const suspended = await createCompanyWithAgent(t.db, user.id, { status: 'suspended' });
    const first = await createCompanyWithAgent(t.db, user.id);
    await createCompanyWithAgent(t.db, user.id);
    await grantRole(first.company.id, first.agent.id, 'probe_sites.create');
    const session = await signIn(t.app, user.email!);
    const { body } = await whoami(bearer(session.token));
    expect(body.actor).toMatchObject({ userId: user.id, type: 'agent', agentId: first.agent.id, companyId: first.company.id });
    expect(body.actor.agentId).not.toBe(suspended.agent.id);
    expect(body.actor.permissions).toContain('probe_sites.create');
    expect(body.deviceId).toEqual(expect.any(Number));
  });

  it('selects the company named by Agent-id and checks userID', async () => {
    const user = await createUserWithPassword(t.db, { type: 'agent' });
    await createCompanyWithAgent(t.db, user.id);
    const second = await createCompanyWithAgent(t.db, user.id);
    const session = await signIn(t.app, user.email!);
    const { status, body } = await whoami(bearer(session.token, { userID: String(user.id), 'Agent-id': String(second.agent.id) }));
    expect(status).toBe(200);
    expect(body.actor).toMatchObject({ agentId: second.agent.id, companyId: second.company.id });
    // Values a client sends for "none" are read as absent.
    expect((await whoami(bearer(session.token, { 'Agent-id': 'null', userID: '' }))).status).toBe(200);
  });

  it('answers 403 to a userID of someone else (spoofing)', async () => {
    const user = await createUserWithPassword(t.db);
    const session = await signIn(t.app, user.email!);
    const res = await whoami(bearer(session.token, { userID: String(user.id + 1) }));
    expect(res).toMatchObject({ status: 403, body: { code: 'user_mismatch' } });
  });

  it('answers 403 to an Agent-id of another user, a suspended or deleted agent, or garbage', async () => {
    const user = await createUserWithPassword(t.db, { type: 'agent' });
    const other = await createUserWithPassword(t.db, { type: 'agent' });
    const foreign = await createCompanyWithAgent(t.db, other.id);
    const suspended = await createCompanyWithAgent(t.db, user.id, { status: 'suspended' });
    const deleted = await createCompanyWithAgent(t.db, user.id, { deleted_at: new Date() });
    const closedCompany = await createCompanyWithAgent(t.db, user.id, {}, { status: 'suspended' });
    const session = await signIn(t.app, user.email!);
    for (const agentId of [foreign.agent.id, suspended.agent.id, deleted.agent.id, closedCompany.agent.id, 'abc', '-1']) {
      const res = await whoami(bearer(session.token, { 'Agent-id': String(agentId) }));
      expect(res, `Agent-id ${agentId}`).toMatchObject({ status: 403, body: { code: 'agent_not_allowed' } });
    }
  });

  it('gives platform admins no agent unless they name one', async () => {
    const admin = await createUserWithPassword(t.db, { type: 'admin' });
    const membership = await createCompanyWithAgent(t.db, admin.id);
    const session = await signIn(t.app, admin.email!);
    expect((await whoami(bearer(session.token))).body.actor).toMatchObject({ type: 'admin', agentId: null, companyId: null });
    const named = await whoami(bearer(session.token, { 'Agent-id': String(membership.agent.id) }));
    expect(named.body.actor).toMatchObject({ type: 'admin', agentId: membership.agent.id, companyId: membership.company.id });
  });

  it('applies to the real app: spoofed headers on GET auth are 403', async () => {
    const user = await createUserWithPassword(t.db);
    const other = await createUserWithPassword(t.db);
    const foreign = await createCompanyWithAgent(t.db, other.id);
    const session = await signIn(t.app, user.email!);
    expect((await get(t.app, '/auth', bearer(session.token, { userID: String(other.id) }))).status).toBe(403);
    expect((await get(t.app, '/auth', bearer(session.token, { 'Agent-id': String(foreign.agent.id) }))).status).toBe(403);
  });
});
