import { randomBytes } from 'node:crypto';
import { GENERATED_PASSWORD_LENGTH } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { addMembership } from '../../tenancy/agents/agents.repository';
import { call, createOwner, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

let t: TestApp;
let admin: Session;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let memberId: number;

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  a = await createOwner(t, 'Alpha SARL');
  b = await createOwner(t, 'Beta SA');
  const user = await createTestUser(t, { first_name: 'Membre' });
  memberId = user.id;
  await t.db.transaction((tx) => addMembership(tx, { companyId: a.company.id, userId: user.id }));
});
afterAll(() => t.close());

describe('GET users', () => {
  it('gives a platform admin every account, without password hashes', async () => {
    const res = await call(t, 'GET', 'users?limit=100', admin);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((u: any) => u.id);
    expect(ids).toEqual(expect.arrayContaining([a.user.id, b.user.id, memberId]));
    expect(res.body.data.every((u: any) => !('password_hash' in u))).toBe(true);
    const withAgents = await call(t, 'GET', `users/${b.user.id}?includes[]=agents`, admin);
    expect(withAgents.body.data.agents.map((x: any) => x.company_id)).toEqual([b.company.id]);
  });

  it('gives an agent with users.list the members of its company only', async () => {
    const res = await call(t, 'GET', 'users', a.session);
    expect(res.body.data.map((u: any) => u.id).sort()).toEqual([a.user.id, memberId].sort());
    expect((await call(t, 'GET', `users/${memberId}`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', `users/${b.user.id}`, a.session)).status).toBe(404);
    expect((await call(t, 'GET', `users/${b.user.id}`, null)).status).toBe(401);
    expect((await call(t, 'GET', 'users', null)).status).toBe(401);
    const customer = await signIn(t, await createTestUser(t));
    expect((await call(t, 'GET', 'users', customer)).status).toBe(403);
  });
});

describe('POST users (mnt)', () => {
  it('creates an account with a generated password, sent by e-mail and returned once', async () => {
    const email = `new-${randomBytes(3).toString('hex')}@test.cm`;
    const res = await call(t, 'POST', 'users', admin, { first_name: 'Nouvel', last_name: 'Agent', email, type: 'customer' });
    expect(res.status).toBe(201);
    const password: string = res.body.data.generated_password;
    expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
    expect(res.body.data).toMatchObject({ email, has_to_change_password: true, type: 'customer', status: 'active' });
    const mail = await t.db.rows<{ body: string }>(sql`SELECT body FROM outbox WHERE destination = ${email}`);
    expect(mail[0].body).toContain(password);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { login: email, password, device: { ref: 'device-new-user' } },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.has_to_change_password).toBe(1);
    expect((await call(t, 'GET', `users/${res.body.data.id}`, admin)).body.data.generated_password).toBeUndefined();
  });

  it('refuses taken identifiers (422), non-admins (403) and anonymous callers (401)', async () => {
    const taken = await call(t, 'POST', 'users', admin, { first_name: 'Double', email: a.user.email });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toBeDefined();
    expect((await call(t, 'POST', 'users', admin, { first_name: 'Sans contact' })).status).toBe(422);
    expect((await call(t, 'POST', 'users', a.session, { first_name: 'X', email: 'x1@test.cm' })).status).toBe(403);
    expect((await call(t, 'POST', 'users', null, { first_name: 'X', email: 'x2@test.cm' })).status).toBe(401);
  });
});

describe('updating accounts', () => {
  it('never leaves an account without an e-mail or a phone: 422 in French naming the field, nothing saved', async () => {
    const message = 'Le compte doit garder une adresse e-mail ou un numéro de téléphone : la connexion et la réinitialisation du mot de passe en dépendent.';
    const stored = async (id: number) =>
      (await t.db.rows<{ email: string | null; phone: string | null; first_name: string }>(sql`SELECT email, phone, first_name FROM users WHERE id = ${id}`))[0];
    // An account with an e-mail only: removing it is refused, the other fields sent are not saved either.
    const emailOnly = await createTestUser(t, { first_name: 'Seule' });
    const noEmail = await call(t, 'POST', `users/${emailOnly.id}`, admin, { email: null, first_name: 'Jamais' });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.errors).toEqual({ email: [message] });
    expect(await stored(emailOnly.id)).toEqual({ email: emailOnly.email, phone: null, first_name: 'Seule' });
    // An account with both: removing both at once is refused on both fields...
    const phone = `69${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`;
    const both = await createTestUser(t, { first_name: 'Deux' });
    expect((await call(t, 'POST', `users/${both.id}`, admin, { phone })).status).toBe(200);
    const none = await call(t, 'POST', `users/${both.id}`, admin, { email: null, phone: null });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ email: [message], phone: [message] });
    expect(await stored(both.id)).toMatchObject({ email: both.email, phone });
    // ...removing one keeps the other; then emptying the last one (null or '') is refused.
    expect((await call(t, 'POST', `users/${both.id}`, admin, { email: null })).body.data).toMatchObject({ email: null, phone });
    for (const emptied of [null, '']) {
      const res = await call(t, 'POST', `users/${both.id}`, admin, { phone: emptied });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ phone: [message] });
    }
    expect(await stored(both.id)).toMatchObject({ email: null, phone });
    // A change that touches neither identifier is not concerned.
    expect((await call(t, 'POST', `users/${both.id}`, admin, { first_name: 'Renommée' })).status).toBe(200);
  });

  it('ignores type, company and permissions sent to the update route', async () => {
    const res = await call(t, 'POST', `users/${memberId}`, admin, {
      first_name: 'Renommé',
      type: 'admin',
      company_id: b.company.id,
      permissions: ['users.delete'],
      password_hash: 'x',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ first_name: 'Renommé', type: 'agent' });
    expect((await call(t, 'POST', `users/${memberId}`, a.session, { first_name: 'Non' })).status).toBe(403);
    expect((await call(t, 'POST', `users/${memberId}`, null, { first_name: 'Non' })).status).toBe(401);
  });

  it('changes the type through its own route, the admin role following it', async () => {
    const promoted = await call(t, 'POST', `users/${memberId}/changetype`, admin, { type: 'admin' });
    expect(promoted.body.data.roles.map((r: any) => r.slug)).toContain('admin');
    const demoted = await call(t, 'POST', `users/${memberId}/changetype`, admin, { type: 'agent' });
    expect(demoted.body.data.roles.map((r: any) => r.slug)).not.toContain('admin');
    expect((await call(t, 'POST', `users/${admin.userId}/changetype`, admin, { type: 'agent' })).status).toBe(409);
    expect((await call(t, 'POST', `users/${memberId}/changetype`, a.session, { type: 'admin' })).status).toBe(403);
  });

  it('suspends an account and ends its sessions at once', async () => {
    const victimUser = await createTestUser(t);
    const victim = await signIn(t, victimUser);
    expect((await call(t, 'GET', 'auth', victim)).status).toBe(200);
    expect((await call(t, 'POST', `users/${victimUser.id}/suspend`, admin)).body.data.status).toBe('suspended');
    expect([401, 499]).toContain((await call(t, 'GET', 'auth', victim)).status);
    expect((await call(t, 'POST', `users/${victimUser.id}/suspend`, admin)).status).toBe(409);
    expect((await call(t, 'POST', `users/${victimUser.id}/activate`, admin)).body.data.status).toBe('active');
    expect((await call(t, 'POST', `users/${admin.userId}/suspend`, admin)).status).toBe(409);
    expect((await call(t, 'POST', `users/${victimUser.id}/suspend`, a.session)).status).toBe(403);
    expect((await call(t, 'DELETE', `users/${victimUser.id}`, admin)).status).toBe(200);
    expect((await call(t, 'GET', `users/${victimUser.id}`, admin)).status).toBe(404);
  });
});

describe('global roles of accounts', () => {
  it('assigns and removes global roles (platform admin only)', async () => {
    const added = await call(t, 'POST', `users/${memberId}/assignrole`, admin, { role: 'partner' });
    expect(added.status).toBe(200);
    expect(added.body.data.permissions['transactions.list']).toBe(true);
    expect((await call(t, 'POST', `users/${memberId}/assignrole`, admin, { role: 'admin' })).status).toBe(422);
    expect((await call(t, 'POST', `users/${memberId}/assignrole`, a.session, { role: 'partner' })).status).toBe(403);
    expect((await call(t, 'POST', `users/${memberId}/assignrole`, null, { role: 'partner' })).status).toBe(401);
    const companyRole = (await call(t, 'GET', 'roles', a.session)).body.data.find((r: any) => r.slug === 'owner');
    expect((await call(t, 'POST', `users/${memberId}/assignrole`, admin, { role_id: companyRole.id })).status).toBe(404);
    const removed = await call(t, 'POST', `users/${memberId}/removerole`, admin, { role: 'partner' });
    expect(removed.body.data.roles.map((r: any) => r.slug)).toEqual(['customer']);
    expect((await call(t, 'POST', `users/${memberId}/removerole`, admin, { role: 'partner' })).status).toBe(404);
  });

  it('shows an account its own permissions; another account’s is 404', async () => {
    const customer = await createTestUser(t);
    const session = await signIn(t, customer);
    const own = await call(t, 'GET', `users/${customer.id}/getpermissions`, session);
    expect(own.body.data.roles.map((r: any) => r.slug)).toEqual(['customer']);
    expect(own.body.data.permissions['participations.create']).toBe(true);
    expect((await call(t, 'GET', `users/${memberId}/getpermissions`, session)).status).toBe(404);
    expect((await call(t, 'GET', `users/${memberId}/getpermissions`, null)).status).toBe(401);
    expect((await call(t, 'GET', `users/${memberId}/getpermissions`, admin)).status).toBe(200);
  });
});
