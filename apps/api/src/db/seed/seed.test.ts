import { GLOBAL_ROLES, PERMISSION_CATALOGUE } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Session } from '../../modules/tenancy/companies/tenancy.test-support';
import { signInDemo } from '../../test/demo-app';
import { openTestApp, type TestApp } from '../../test/test-app';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, seedDemoData } from '../../demo/demo';
import { DEMO_PLATFORM_COMPANIES } from '../../demo/demo-platform';
import { DEMO_FIELD_AGENTS } from '../../demo/demo-structure';
import { seedPlatformData } from './platform';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

async function count(table: string): Promise<number> {
  const [row] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return Number(row.n);
}

async function roleGrants(slug: string): Promise<string[]> {
  const rows = await t.db.rows<{ slug: string }>(sql`
    SELECT p.slug FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
      JOIN roles r ON r.id = rp.role_id WHERE r.slug = ${slug} AND r.company_id IS NULL ORDER BY p.slug`);
  return rows.map((r) => r.slug);
}

describe('seedPlatformData', () => {
  it('holds the whole catalogue and the global roles with their permissions', async () => {
    expect(await count('permissions')).toBe(PERMISSION_CATALOGUE.length);
    const roles = await t.db.rows<{ slug: string; is_owner: boolean }>(sql`SELECT slug, is_owner FROM roles WHERE company_id IS NULL ORDER BY id`);
    expect(roles).toEqual(GLOBAL_ROLES.map((r) => ({ slug: r.slug, is_owner: r.isOwner })));
    expect(await roleGrants('customer')).toEqual([...new Set(GLOBAL_ROLES[1].permissions)].sort());
  });

  it('is idempotent, keeps removed grants removed, and grants permissions new to the catalogue', async () => {
    await t.db.rows(sql`DELETE FROM role_permissions WHERE role_id = (SELECT id FROM roles WHERE slug = 'customer' AND company_id IS NULL)
      AND permission_id = (SELECT id FROM permissions WHERE slug = 'articles.list')`);
    await t.db.rows(sql`DELETE FROM permissions WHERE slug = 'pins.delete'`);
    await seedPlatformData(t.db);
    await seedPlatformData(t.db);
    expect(await count('permissions')).toBe(PERMISSION_CATALOGUE.length);
    expect(await count('roles')).toBe(GLOBAL_ROLES.length);
    const grants = await roleGrants('customer');
    expect(grants).not.toContain('articles.list');
    expect(grants).toContain('pins.delete');
  });
});

describe('seedDemoData', () => {
  const sessions: Record<string, Session> = {};

  beforeAll(async () => {
    await seedDemoData(t.db);
    await seedDemoData(t.db);
    for (const [key, account] of Object.entries(DEMO_ACCOUNTS)) {
      sessions[key] = await signInDemo(t, account.email, { device: `demo-device-${key}` });
    }
  });

  it('creates each account and company once', async () => {
    const platform = DEMO_PLATFORM_COMPANIES.length;
    expect(await count('users')).toBe(Object.keys(DEMO_ACCOUNTS).length + DEMO_FIELD_AGENTS.length + platform);
    expect(await count('companies')).toBe(2 + platform);
    expect(await count('agents')).toBe(3 + DEMO_FIELD_AGENTS.length + platform);
  });

  it('makes agent@demo.cm the owner of Démo SARL in Douala, partner@demo.cm its partner', async () => {
    const companies = await call(t, 'GET', 'companies?includes[]=zone', sessions.agent);
    expect(companies.body.data).toHaveLength(1);
    expect(companies.body.data[0]).toMatchObject({ name: DEMO_COMPANIES.demo.name, code: 'DEMSRL', zone: { name: 'Douala' } });
    const agents = await call(t, 'GET', 'agents', sessions.agent);
    expect(agents.body.data).toHaveLength(2 + DEMO_FIELD_AGENTS.length);
    const mine = agents.body.data.find((a: any) => a.user_id === sessions.agent.userId);
    const perms = await call(t, 'GET', `agents/${mine.id}/getpermissions`, sessions.agent);
    expect(perms.body.data.roles.map((r: any) => r.slug).sort()).toEqual(['agent', 'owner']);
    const partner = agents.body.data.find((a: any) => a.user_id === sessions.partner.userId);
    const partnerPerms = await call(t, 'GET', `agents/${partner.id}/getpermissions`, sessions.agent);
    expect(partnerPerms.body.data.roles.map((r: any) => r.slug)).toEqual(['partner']);
    expect(partnerPerms.body.data.permissions['sites.list']).toBe(true);
    expect(partnerPerms.body.data.permissions['roles.create']).toBeUndefined();
  });

  it('keeps Autre Entreprise out of Démo SARL’s sight, and shows both to the admin', async () => {
    const all = await call(t, 'GET', 'companies', sessions.admin);
    const other = all.body.data.find((c: any) => c.code === DEMO_COMPANIES.other.code);
    expect(all.body.data).toHaveLength(2 + DEMO_PLATFORM_COMPANIES.length);
    expect((await call(t, 'GET', `companies/${other.id}`, sessions.agent)).status).toBe(404);
    const otherAgents = await call(t, 'GET', 'agents', sessions.otherAgent);
    expect(otherAgents.body.data).toHaveLength(1);
    expect((await call(t, 'GET', `agents/${otherAgents.body.data[0].id}`, sessions.agent)).status).toBe(404);
    expect((await call(t, 'GET', 'companies', sessions.customer)).body.data).toEqual([]);
  });
});
