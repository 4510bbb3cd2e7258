import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, headersOf, type Session, signIn } from '../companies/tenancy.test-support';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let holder: Session;

beforeAll(async () => {
  t = await openTestApp({ PUBLIC_BASE_URL: 'https://enquetes.cm/', PUBLIC_RATE_LIMIT_MAX: '12' });
  owner = await createOwner(t, 'Codex SARL', { first_name: 'Awa' });
  // Signed up with another address than the one the company invites.
  holder = await signIn(t, await createTestUser(t, { email: 'perso.code@test.cm', first_name: 'Bola' }));
});
afterAll(() => t.close());

async function inviteAddress(email: string): Promise<{ id: number; code: string }> {
  const res = await call(t, 'POST', 'invitations', owner.session, { email, job: 'Enquêtrice' });
  expect(res.status).toBe(201);
  return { id: res.body.data.id, code: res.body.data.code };
}

const claim = (session: Session | null, code: unknown) => call(t, 'POST', 'invitations/claim', session, { code });

describe('the invitation e-mail', () => {
  it('carries the code and the link that opens the invitation', async () => {
    const { code } = await inviteAddress('travail.code@test.cm');
    const [mail] = await t.db.rows<{ subject: string; body: string }>(sql`SELECT subject, body FROM outbox WHERE destination = 'travail.code@test.cm'`);
    expect(mail.subject).toBe('Invitation à rejoindre Codex SARL');
    expect(mail.body).toContain(`(« J'ai un code d'invitation ») : ${code}`);
    expect(mail.body).toContain(`https://enquetes.cm/auth/login?redirect=%2Finvitation%2F${code}`);
  });
});

describe('POST invitations/claim (« J’ai un code d’invitation »)', () => {
  it('answers 401 signed out, whatever the body', async () => {
    expect((await claim(null, 'ABCDEF0123456789')).status).toBe(401);
    expect((await claim(null, 42)).status).toBe(401);
  });

  it('refuses a malformed code with a French 400 and an unknown one with a French 404', async () => {
    const malformed = await claim(holder, 'pas-un-code');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'invalid_code', message: expect.stringContaining('16 caractères') });
    expect((await claim(holder, 42)).status).toBe(422);
    const unknown = await claim(holder, '0000 0000 0000 0000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'unknown_code', message: expect.stringContaining('Aucune invitation') });
  });

  it('says it in the caller’s language (Accept-Language: en)', async () => {
    const claimIn = async (code: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/invitations/claim', headers: { ...headersOf(holder), 'accept-language': 'en' }, payload: { code } });
      return { status: res.statusCode, body: res.json() };
    };
    expect(await claimIn('pas-un-code')).toMatchObject({
      status: 400,
      body: { code: 'invalid_code', message: 'This invitation code is not valid: it has 16 characters, digits and letters from A to F.' },
    });
    expect(await claimIn('0000 0000 0000 0000')).toMatchObject({
      status: 404,
      body: { code: 'unknown_code', message: 'No invitation matches this code. Check it in the e-mail or SMS you received.' },
    });
  });

  it('gives the invitation to the holder of its code, who then accepts it', async () => {
    const { id, code } = await inviteAddress('bureau.bola@test.cm');
    const spaced = `${code.slice(0, 4)} ${code.slice(4, 8)}-${code.slice(8).toLowerCase()}`;
    const claimed = await claim(holder, spaced);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ id, status: 'pending', datas: { job: 'Enquêtrice' }, host: { name: expect.stringContaining('Awa') }, company: { name: 'Codex SARL' } });
    expect((await call(t, 'GET', 'invitations/mine', holder)).body.data.map((i: { id: number }) => i.id)).toContain(id);
    // Taken: nobody else can claim it, and it looks unknown to them.
    const other = await signIn(t, await createTestUser(t));
    expect((await claim(other, code)).status).toBe(404);
    expect((await call(t, 'POST', `invitations/${id}/accept`, holder)).body.data).toMatchObject({ status: 'accepted', company_id: owner.company.id });
    const answered = await claim(holder, code);
    expect(answered.status).toBe(400);
    expect(answered.body.code).toBe('invitation_answered');
  });

  it('says why an expired or cancelled code no longer opens anything', async () => {
    const person = await signIn(t, await createTestUser(t));
    const expired = await inviteAddress('expire.code@test.cm');
    await t.db.rows(sql`UPDATE invitations SET expires_at = now() - interval '1 day' WHERE id = ${expired.id}`);
    const late = await claim(person, expired.code);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 'invitation_expired', message: expect.stringContaining('expiré') });
    expect((await call(t, 'GET', `invitations/${expired.id}`, owner.session)).body.data.status).toBe('expired');
    const cancelled = await inviteAddress('annule.code@test.cm');
    expect((await call(t, 'POST', `invitations/${cancelled.id}/cancel`, owner.session)).status).toBe(200);
    expect((await claim(person, cancelled.code)).body).toMatchObject({ code: 'invitation_cancelled', message: expect.stringContaining('annulé') });
  });

  it('tells a member that they already belong to the company (409)', async () => {
    const { code } = await inviteAddress('membre.code@test.cm');
    const res = await claim(owner.session, code);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('already_member');
  });

  it('is rate limited per address, like the public lookups (429)', async () => {
    const from = (remoteAddress: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/v2/invitations/claim', headers: headersOf(holder), payload: { code: 'FFFFFFFFFFFFFFFF' }, remoteAddress })
        .then((r) => r.statusCode);
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push(await from('203.0.113.7'));
    expect(statuses.slice(0, 12).every((s) => s === 404)).toBe(true);
    expect(statuses[12]).toBe(429);
    expect(await from('203.0.113.8')).toBe(404);
  });
});
