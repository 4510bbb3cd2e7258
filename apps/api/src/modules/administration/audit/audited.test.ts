import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { clearAuditRefusals, installAuditRefusals, refuseAuditOf } from './audit-refusals.test-support';
import { call, createOwner, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

/**
 * Every admin action commits with its audit entry or not at all. The audit write is made
 * to fail (a trigger of this file's own database refuses the entries about one object):
 * the action must leave no trace either, and announce nothing (sessions stay open).
 */
let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin', first_name: 'Admin' }));
  await installAuditRefusals(t);
});
afterEach(() => clearAuditRefusals(t));
afterAll(() => t.close());

const post = (url: string, body: unknown = {}) => call(t, 'POST', url, admin, body);
const entries = async (objectType: string, objectId: number) =>
  (await t.db.rows<{ action: string }>(sql`SELECT action FROM audit_log WHERE object_type = ${objectType} AND object_id = ${objectId} ORDER BY id`)).map((r) => r.action);
const userRow = async (id: number) => (await t.db.rows<{ status: string; type: string; email_verified_at: Date | null }>(sql`SELECT status, type, email_verified_at FROM users WHERE id = ${id}`))[0];

describe('an admin action whose audit entry cannot be written', () => {
  it('suspension: the account stays active and its session keeps working', async () => {
    const user = await createTestUser(t);
    const session = await signIn(t, user);
    await refuseAuditOf(t, 'user', user.id);
    expect((await post(`admin/users/${user.id}/suspend`)).status).toBe(500);
    expect((await post(`users/${user.id}/suspend`)).status).toBe(500);
    expect((await userRow(user.id)).status).toBe('active');
    expect((await call(t, 'GET', 'auth', session)).status).toBe(200);
    expect(await entries('user', user.id)).toEqual([]);
  });

  it('sign-out everywhere, reset code, validation, type and role changes, deletion: nothing changes', async () => {
    const user = await createTestUser(t, { type: 'agent' });
    const session = await signIn(t, user);
    await t.db.rows(sql`UPDATE users SET email_verified_at = NULL WHERE id = ${user.id}`);
    await refuseAuditOf(t, 'user', user.id);
    const otps = async () => (await t.db.rows(sql`SELECT 1 FROM otps WHERE user_id = ${user.id}`)).length;
    expect((await post(`admin/users/${user.id}/signout`)).status).toBe(500);
    expect((await call(t, 'GET', 'auth', session)).status).toBe(200);
    expect((await post(`admin/users/${user.id}/reset-code`)).status).toBe(500);
    expect(await otps()).toBe(0);
    expect((await post(`admin/users/${user.id}/validate`, { channel: 'email' })).status).toBe(500);
    expect((await userRow(user.id)).email_verified_at).toBeNull();
    expect((await post(`admin/users/${user.id}/promote`)).status).toBe(500);
    expect((await userRow(user.id)).type).toBe('agent');
    expect((await post(`admin/users/${user.id}/assignrole`, { role: 'customer' })).status).toBe(500);
    expect((await call(t, 'GET', `admin/users/${user.id}`, admin)).body.data.roles).toEqual([]);
    expect((await call(t, 'DELETE', `users/${user.id}`, admin)).status).toBe(500);
    expect((await call(t, 'GET', `admin/users/${user.id}`, admin)).status).toBe(200);
    expect(await entries('user', user.id)).toEqual([]);
  });

  it('company suspension and profile correction: the company stays as it was, its owner keeps working', async () => {
    const owner = await createOwner(t, `Société ${randomBytes(3).toString('hex')}`);
    await refuseAuditOf(t, 'company', owner.company.id);
    expect((await post(`mnt/companies/${owner.company.id}/suspend`, { reason: 'Essai' })).status).toBe(500);
    expect((await post(`companies/${owner.company.id}/suspend`)).status).toBe(500);
    expect((await post(`mnt/companies/${owner.company.id}/profile`, { name: 'Nouveau nom' })).status).toBe(500);
    const [company] = await t.db.rows<{ status: string; name: string }>(sql`SELECT status, name FROM companies WHERE id = ${owner.company.id}`);
    expect(company).toEqual({ status: 'active', name: owner.company.name });
    expect((await call(t, 'GET', 'auth', owner.session)).status).toBe(200);
    expect(await entries('company', owner.company.id)).toEqual([]);
  });

  it('commits once the audit entry can be written, with one entry per action', async () => {
    const user = await createTestUser(t);
    expect((await post(`admin/users/${user.id}/suspend`)).status).toBe(200);
    expect((await post(`admin/users/${user.id}/reactivate`)).status).toBe(200);
    expect((await post(`admin/users/${user.id}/assignrole`, { role: 'customer' })).status).toBe(200);
    expect(await entries('user', user.id)).toEqual(['user.suspend', 'user.reactivate', 'user.role.assign']);
    const owner = await createOwner(t, `Société ${randomBytes(3).toString('hex')}`);
    expect((await post(`mnt/companies/${owner.company.id}/suspend`, { reason: 'Essai' })).status).toBe(200);
    expect(await entries('company', owner.company.id)).toEqual(['company.suspend']);
  });
});
