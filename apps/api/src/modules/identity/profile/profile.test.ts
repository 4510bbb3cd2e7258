import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { bearer, createUserWithPassword, deviceRef, get, PASSWORD, post, signIn, unique } from '../auth/auth.test-helpers';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'profile-test-'));
  t = await openTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signedIn(fields: Parameters<typeof createUserWithPassword>[1] = {}) {
  const user = await createUserWithPassword(t.db, fields);
  const session = await signIn(t.app, user.email!);
  return { user, headers: bearer(session.token), session };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(32)]);

async function upload(bytes: Buffer, headers: Record<string, string>, filename = 'photo.png', mime = 'image/png') {
  const boundary = `----form${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/profile/photo',
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('POST profile/update', () => {
  it('updates the own name, username, language and opt-in, and ignores type, company, permissions or the sign-in identifiers', async () => {
    const { user, headers } = await signedIn();
    const username = unique('nom');
    const res = await post(
      t.app,
      '/profile/update',
      {
        first_name: 'Jeanne',
        last_name: 'Etoa',
        username,
        locale: 'en',
        promotional_offers: true,
        type: 'admin',
        company_id: 1,
        permissions: { 'users.delete': true },
        email_verified_at: null,
        password_hash: 'x',
        // The e-mail and phone change through their own verified routes: never removed here.
        email: null,
        phone: null,
      },
      headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ first_name: 'Jeanne', last_name: 'Etoa', name: 'Jeanne Etoa', username, locale: 'en', type: 'customer' });
    expect(res.body.data.permissions).not.toHaveProperty('users.delete');
    const [row] = await t.db.orm.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ type: 'customer', promotional_offers: true, password_hash: user.password_hash, email: user.email });
    expect(row.email_verified_at).not.toBeNull();
  });

  it('refuses a username already taken (case-insensitively) with 422, and a malformed one', async () => {
    const other = await createUserWithPassword(t.db);
    const { headers } = await signedIn();
    const taken = await post(t.app, '/profile/update', { username: other.username!.toUpperCase() }, headers);
    expect(taken).toMatchObject({ status: 422, body: { errors: { username: ["Ce nom d'utilisateur est déjà pris."] } } });
    expect((await post(t.app, '/profile/update', { username: 'a@b' }, headers)).status).toBe(422);
    expect((await post(t.app, '/profile/update', { username: '123456789' }, headers)).status).toBe(422);
  });

  it('needs a signed-in caller', async () => {
    expect((await post(t.app, '/profile/update', { first_name: 'X' })).status).toBe(401);
  });
});

describe('password changes', () => {
  it('profile/security needs the right current password, with a 429 after repeated failures', async () => {
    const { headers } = await signedIn();
    const body = (current: string) => ({ current_password: current, password: 'Autre-passe-9', password_confirmation: 'Autre-passe-9' });
    const wrong = await post(t.app, '/profile/security', body('not-it-at-all'), headers);
    expect(wrong).toMatchObject({ status: 422, body: { errors: { current_password: ['Le mot de passe actuel est incorrect.'] } } });
    for (let i = 0; i < 4; i++) await post(t.app, '/profile/security', body('not-it-at-all'), headers);
    expect((await post(t.app, '/profile/security', body(PASSWORD), headers)).status).toBe(429);
  });

  it('checks the confirmation and the length', async () => {
    const { headers } = await signedIn();
    const res = await post(t.app, '/profile/security', { current_password: PASSWORD, password: 'Long-enough-1', password_confirmation: 'Different-1' }, headers);
    expect(res).toMatchObject({ status: 422, body: { errors: { password_confirmation: ['Les mots de passe ne correspondent pas'] } } });
  });

  it('users/{id}/updatepassword: self like profile/security, clears has_to_change_password', async () => {
    const { user, headers } = await signedIn({ has_to_change_password: true });
    expect((await get(t.app, '/auth', headers)).body.data.has_to_change_password).toBe(1);
    const res = await post(
      t.app,
      `/users/${user.id}/updatepassword`,
      { current_password: PASSWORD, password: 'Choisi-par-moi-1', password_confirmation: 'Choisi-par-moi-1' },
      headers,
    );
    expect(res.status).toBe(200);
    expect((await get(t.app, '/auth', headers)).body.data.has_to_change_password).toBe(0);
  });

  it('users/{id}/security: another user is 403, a platform admin may set it, ending that user’s sessions', async () => {
    const target = await signedIn();
    const { headers } = await signedIn();
    const body = { password: 'Donne-par-admin-1', password_confirmation: 'Donne-par-admin-1' };
    expect((await post(t.app, `/users/${target.user.id}/security`, body, headers)).status).toBe(403);
    const admin = await signedIn({ type: 'admin' });
    expect((await post(t.app, `/users/${target.user.id}/security`, body, admin.headers)).status).toBe(200);
    expect((await get(t.app, '/auth', target.headers)).status).toBe(499);
    const session = await signIn(t.app, target.user.email!, 'Donne-par-admin-1');
    expect(session.user.has_to_change_password).toBe(1);
    expect((await post(t.app, '/users/999999/security', body, admin.headers)).status).toBe(404);
  });
});

describe('POST profile/photo', () => {
  it('stores PNG, JPEG and WebP under DATA_DIR and serves them from /images', async () => {
    const { user, headers } = await signedIn();
    let previous: string | null = null;
    for (const [bytes, type] of [[PNG, 'image/png'], [JPEG, 'image/jpeg'], [WEBP, 'image/webp']] as const) {
      const res = await upload(bytes, headers, 'anything.bin', 'application/octet-stream');
      expect(res.status, type).toBe(200);
      const photo: string = res.body.data.photo;
      expect(photo).toMatch(new RegExp(`^images/users/${user.id}/[0-9a-f]{24}\\.(png|jpg|webp)$`));
      const served = await t.app.inject({ method: 'GET', url: `/${photo}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      if (previous) expect(existsSync(path.join(dataDir, 'uploads', previous))).toBe(false);
      previous = photo;
    }
    expect((await get(t.app, '/auth', headers)).body.data.photo).toBe(previous);
  });

  it('refuses other content by its bytes (422), whatever the name says', async () => {
    const { headers } = await signedIn();
    const res = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), headers, 'photo.png', 'image/png');
    expect(res.status).toBe(422);
    expect(res.body.errors.photo).toEqual(['Seules les images PNG, JPEG ou WebP sont acceptées.']);
    expect((await post(t.app, '/profile/photo', { photo: 'x' }, headers)).status).toBe(422);
  });

  it('refuses more than 2 MB with 413', async () => {
    const { headers } = await signedIn();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(big, headers);
    expect(res.status).toBe(413);
  });

  it('does not serve paths outside the images folder', async () => {
    for (const url of ['/images/../../etc/passwd', '/images/%2e%2e/%2e%2e/secret.png', '/images/users/none.png']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('needs a signed-in caller', async () => {
    const res = await upload(PNG, {});
    expect(res.status).toBe(401);
    expect((await post(t.app, '/auth/login', { login: 'x', password: 'y', device: { ref: deviceRef() } })).status).toBe(401);
  });
});
