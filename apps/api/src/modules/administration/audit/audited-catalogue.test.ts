import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { clearAuditRefusals, installAuditRefusals, refuseAuditOf } from './audit-refusals.test-support';
import { createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

/**
 * Roles, sectors, categories and the catalogue's features: each change commits with its
 * audit entry or not at all. The audit write is made to fail (a trigger of this file's own
 * database refuses the entries about one object, or about every object of a type when the
 * refusal names object 0): the change must not have happened, and no entry is written.
 */
let t: TestApp;
let admin: Session;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin', first_name: 'Admin' }));
  owner = await createOwner(t, `Société ${randomBytes(3).toString('hex')}`);
  await installAuditRefusals(t);
});
afterEach(() => clearAuditRefusals(t));
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: Session, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api/v2/${url}`, headers: headersOf(session), ...(payload !== undefined && { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}
const entries = async (objectType: string, objectId: number) =>
  (await t.db.rows<{ action: string }>(sql`SELECT action FROM audit_log WHERE object_type = ${objectType} AND object_id = ${objectId} ORDER BY id`)).map((r) => r.action);
const one = async <T>(query: ReturnType<typeof sql>) => (await t.db.rows<T>(query))[0];
const code = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;

describe('a change whose audit entry cannot be written leaves nothing behind', () => {
  it('roles: renaming, switching off, granting a permission and deleting a company role', async () => {
    const created = await call('POST', 'roles', owner.session, { name: 'Contrôleur' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    await refuseAuditOf(t, 'role', id);
    expect((await call('POST', `roles/${id}`, owner.session, { name: 'Inspecteur' })).status).toBe(500);
    expect((await call('POST', `roles/${id}/changestate`, owner.session, { state: 'inactive' })).status).toBe(500);
    expect((await call('POST', `roles/${id}/assignpermission`, owner.session, { permission: 'sites.list' })).status).toBe(500);
    expect((await call('DELETE', `roles/${id}`, owner.session)).status).toBe(500);
    expect(await one(sql`SELECT name, state FROM roles WHERE id = ${id}`)).toEqual({ name: 'Contrôleur', state: 'active' });
    expect(await t.db.rows(sql`SELECT 1 FROM role_permissions WHERE role_id = ${id}`)).toEqual([]);
    expect(await entries('role', id)).toEqual(['role.create']);
  });

  it('sectors: creating, renaming and deleting', async () => {
    const sectorCode = code('sec');
    await refuseAuditOf(t, 'sector');
    expect((await call('POST', 'sectors', admin, { name: 'Pêche', code: sectorCode })).status).toBe(500);
    expect(await t.db.rows(sql`SELECT 1 FROM sectors WHERE code = ${sectorCode}`)).toEqual([]);
    await clearAuditRefusals(t);
    const created = await call('POST', 'sectors', admin, { name: 'Pêche', code: sectorCode });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    await refuseAuditOf(t, 'sector', id);
    expect((await call('POST', `sectors/${id}`, admin, { name: 'Pêche et aquaculture' })).status).toBe(500);
    expect((await call('DELETE', `sectors/${id}`, admin)).status).toBe(500);
    expect(await one(sql`SELECT name FROM sectors WHERE id = ${id}`)).toEqual({ name: 'Pêche' });
    expect(await entries('sector', id)).toEqual(['sector.created']);
  });

  it('sectors and categories are never copied: no duplicate route, so no copy without its audit entry', async () => {
    // The description offers duplicate for audiences, groups, questions, sites, steps,
    // surveys and workspaces only; a copy of a sector or category would skip the audit.
    const sector = await call('POST', 'sectors', admin, { name: 'Élevage', code: code('sec') });
    const category = await call('POST', 'categories', admin, { type: 'company', name: 'Artisanat', code: code('cat') });
    const [sectors, categories] = [await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sectors`), await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM categories`)];
    expect((await call('POST', `sectors/${sector.body.data.id}/duplicate`, admin)).status).toBe(404);
    expect((await call('POST', `categories/${category.body.data.id}/duplicate`, admin)).status).toBe(404);
    expect(await one(sql`SELECT count(*)::int AS n FROM sectors`)).toEqual(sectors);
    expect(await one(sql`SELECT count(*)::int AS n FROM categories`)).toEqual(categories);
    expect(await entries('sector', sector.body.data.id)).toEqual(['sector.created']);
    expect(await entries('category', category.body.data.id)).toEqual(['category.created']);
  });

  it('categories: creating, renaming, deleting, taking a record out, giving and withdrawing a feature', async () => {
    const categoryCode = code('cat');
    await refuseAuditOf(t, 'category');
    expect((await call('POST', 'categories', admin, { type: 'company', name: 'Industrie', code: categoryCode })).status).toBe(500);
    expect(await t.db.rows(sql`SELECT 1 FROM categories WHERE code = ${categoryCode}`)).toEqual([]);
    await clearAuditRefusals(t);
    const created = await call('POST', 'categories', admin, { type: 'company', name: 'Industrie', code: categoryCode });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await call('POST', `categories/${id}/objects`, admin, { ids: [owner.company.id] })).status).toBe(200);
    const [feature] = await t.db.rows<{ id: number }>(sql`SELECT id FROM features WHERE slug = 'articles'`);
    expect((await call('PUT', `categories/${id}/features/${feature.id}`, admin, { limit_value: 10 })).status).toBe(200);
    const before = await entries('category', id);

    await refuseAuditOf(t, 'category', id);
    expect((await call('POST', `categories/${id}`, admin, { name: 'Industrie lourde' })).status).toBe(500);
    expect((await call('DELETE', `categories/${id}/objects/${owner.company.id}`, admin)).status).toBe(500);
    expect((await call('PUT', `categories/${id}/features/${feature.id}`, admin, { limit_value: 99 })).status).toBe(500);
    expect((await call('DELETE', `categories/${id}/features/${feature.id}`, admin)).status).toBe(500);
    expect(await one(sql`SELECT name FROM categories WHERE id = ${id}`)).toEqual({ name: 'Industrie' });
    expect((await call('GET', `categories/${id}/objects`, admin)).body.data.map((r: { id: number }) => r.id)).toEqual([owner.company.id]);
    expect((await call('GET', `categories/${id}/features/${feature.id}`, admin)).body.data).toMatchObject({ limit_value: 10 });
    expect(await entries('category', id)).toEqual(before);
  });

  it('catalogue: a feature renamed', async () => {
    const [feature] = await t.db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM features WHERE slug = 'articles'`);
    await refuseAuditOf(t, 'feature', feature.id);
    expect((await call('POST', `features/${feature.id}`, admin, { name: 'Articles (renommés)' })).status).toBe(500);
    expect(await one(sql`SELECT name FROM features WHERE id = ${feature.id}`)).toEqual({ name: feature.name });
    expect(await entries('feature', feature.id)).toEqual([]);
  });

  it('commits once the audit entry can be written, with one entry per change', async () => {
    const role = await call('POST', 'roles', owner.session, { name: 'Vérificateur' });
    const id = role.body.data.id as number;
    expect((await call('POST', `roles/${id}`, owner.session, { name: 'Vérificatrice' })).status).toBe(200);
    expect((await call('POST', `roles/${id}/assignpermission`, owner.session, { permission: 'sites.list' })).status).toBe(200);
    expect((await call('POST', `roles/${id}/changestate`, owner.session, { state: 'inactive' })).status).toBe(200);
    expect((await call('DELETE', `roles/${id}`, owner.session)).status).toBe(200);
    expect(await entries('role', id)).toEqual(['role.create', 'role.update', 'role.permission.assign', 'role.state', 'role.delete']);
    const sector = await call('POST', 'sectors', admin, { name: 'Artisanat', code: code('sec') });
    expect((await call('POST', `sectors/${sector.body.data.id}`, admin, { name: 'Artisanat d’art' })).status).toBe(200);
    expect((await call('DELETE', `sectors/${sector.body.data.id}`, admin)).status).toBe(200);
    expect(await entries('sector', sector.body.data.id)).toEqual(['sector.created', 'sector.updated', 'sector.deleted']);
  });
});
