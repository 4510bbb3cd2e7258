import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { addMembership } from '../agents/agents.repository';
import { imagesRoot } from '../../identity/profile/photo.service';
import { createOwner, createTestUser, headersOf, type Session, signIn } from './tenancy.test-support';
import { renderQrCode } from '../../collection/qrcodes/qrcode.service';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let member: Session;
let dataDir: string;

function upload(companyId: number, session: Session | null, bytes: Buffer, field = 'logo') {
  const boundary = `----form${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/companies/${companyId}/logo`,
    payload,
    headers: { ...(session ? headersOf(session) : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'logo-'));
  t = await openTestApp({ DATA_DIR: dataDir });
  a = await createOwner(t, 'Alpha SARL');
  b = await createOwner(t, 'Beta SA');
  const user = await createTestUser(t);
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId: a.company.id, userId: user.id }));
  member = { ...(await signIn(t, user)), agentId: agent.id };
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST companies/{id}/logo', () => {
  it('stores a real PNG and records its path', async () => {
    const png = (await renderQrCode('logo', 'png', 128)) as Buffer;
    const res = await upload(a.company.id, a.session, png);
    expect(res.statusCode).toBe(200);
    const logo = res.json().data.logo as string;
    expect(logo).toMatch(/^images\/companies\/\d+\/[0-9a-f]{24}\.png$/);
    const stored = await readFile(path.join(imagesRoot(dataDir), logo.slice('images/'.length)));
    expect(stored.equals(png)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: `/${logo}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('401 signed out, 403 without companies.update, 404 another company, 422 not an image (French)', async () => {
    const png = (await renderQrCode('x', 'png', 128)) as Buffer;
    expect((await upload(a.company.id, null, png)).statusCode).toBe(401);
    expect((await upload(a.company.id, member, png)).statusCode).toBe(403);
    expect((await upload(b.company.id, a.session, png)).statusCode).toBe(404);
    const text = await upload(a.company.id, a.session, Buffer.from('<?php echo 1; ?>'));
    expect(text.statusCode).toBe(422);
    expect(JSON.stringify(text.json())).toContain('Le logo doit être une image PNG, JPEG ou WebP.');
    const missing = await upload(a.company.id, a.session, Buffer.alloc(0));
    expect(missing.statusCode).toBe(422);
  });
});
