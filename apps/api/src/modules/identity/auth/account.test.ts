import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRoles, chatroomMembers, chatrooms, groupMembers, groups, permissions, rolePermissions, roles, userRoles } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { bearer, createCompanyWithAgent, createUserWithPassword, get, signIn } from './auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

async function roleWith(companyId: number | null, slug: string, permissionSlugs: string[]) {
  const [role] = await t.db.orm.insert(roles).values({ company_id: companyId, name: slug, slug }).returning();
  for (const p of permissionSlugs) {
    const [object, action] = p.split('.');
    const [row] = await t.db.orm.insert(permissions).values({ object, action, slug: p }).onConflictDoNothing().returning();
    if (row) await t.db.orm.insert(rolePermissions).values({ role_id: role.id, permission_id: row.id });
  }
  return role;
}

describe('GET auth', () => {
  it('returns the user with companies (pivot), agents (company, permissions, groups), permissions and chatrooms', async () => {
    const user = await createUserWithPassword(t.db, { type: 'agent', first_name: 'Awa', last_name: 'Ngono' });
    const first = await createCompanyWithAgent(t.db, user.id, { job: 'Caissière', email: 'awa@societe.cm', phone: '699000000' });
    const second = await createCompanyWithAgent(t.db, user.id, { status: 'invited' });
    const role = await roleWith(first.company.id, 'acct-supervisor', ['acct_sites.view', 'acct_sites.update']);
    await t.db.orm.insert(agentRoles).values({ agent_id: first.agent.id, role_id: role.id });
    const globalRole = await roleWith(null, 'acct-global', ['acct_reports.view']);
    await t.db.orm.insert(userRoles).values({ user_id: user.id, role_id: globalRole.id });
    const [team] = await t.db.orm.insert(groups).values({ company_id: first.company.id, name: 'Équipe Nord' }).returning();
    await t.db.orm.insert(groupMembers).values({ group_id: team.id, agent_id: first.agent.id });
    const [room] = await t.db.orm.insert(chatrooms).values({ company_id: first.company.id, kind: 'group', name: 'Nord' }).returning();
    await t.db.orm.insert(chatroomMembers).values({ chatroom_id: room.id, user_id: user.id });
    const session = await signIn(t.app, user.email!);

    const { status, body } = await get(t.app, '/auth', bearer(session.token));
    expect(status).toBe(200);
    const account = body.data;
    expect(account).toMatchObject({ id: user.id, name: 'Awa Ngono', type: 'agent', has_to_change_password: 0, locale: 'fr' });
    expect(account.permissions).toEqual({ 'acct_reports.view': true });
    expect(account.companies).toEqual([
      {
        id: first.company.id,
        name: first.company.name,
        code: first.company.code,
        logo: null,
        pivot: {
          id: first.agent.id,
          company_id: first.company.id,
          user_id: user.id,
          job: 'Caissière',
          email: 'awa@societe.cm',
          phone: '699000000',
          name: 'Awa',
          status: 'active',
        },
      },
      expect.objectContaining({ id: second.company.id, pivot: expect.objectContaining({ status: 'invited' }) }),
    ]);
    expect(account.agents[0]).toMatchObject({
      id: first.agent.id,
      company_id: first.company.id,
      company: { id: first.company.id, name: first.company.name },
      groups: [{ id: team.id, name: 'Équipe Nord' }],
    });
    // An agent's map holds its roles' permissions plus the user's global ones.
    expect(account.agents[0].permissions).toEqual({ 'acct_reports.view': true, 'acct_sites.update': true, 'acct_sites.view': true });
    expect(account.agents[1].permissions).toEqual({});
    expect(account.chatrooms).toEqual([{ id: room.id, name: 'Nord', kind: 'group', status: 'open' }]);
    expect(account).not.toHaveProperty('password_hash');
  });

  it('lists the platform roles held directly or through an active membership', async () => {
    const user = await createUserWithPassword(t.db, { type: 'agent', first_name: 'Paul', last_name: 'Ebongue' });
    const membership = await createCompanyWithAgent(t.db, user.id, {});
    const [partner] = await t.db.orm
      .select()
      .from(roles)
      .where(and(eq(roles.slug, 'partner'), isNull(roles.company_id)));
    await t.db.orm.insert(agentRoles).values({ agent_id: membership.agent.id, role_id: partner.id });
    const companyRole = await roleWith(membership.company.id, 'acct-local', []);
    await t.db.orm.insert(agentRoles).values({ agent_id: membership.agent.id, role_id: companyRole.id });
    const session = await signIn(t.app, user.email!);

    const { body } = await get(t.app, '/auth', bearer(session.token));
    expect(body.data.roles).toEqual(['partner']);
    // Per membership too: the web tells a partner of this company from its agents.
    expect(body.data.agents[0].roles).toEqual(['partner']);
  });
});
