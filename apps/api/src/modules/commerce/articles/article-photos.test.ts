import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { renderQrCode } from '../../collection/qrcodes/qrcode.service';
import { headersOf, type Session } from '../../tenancy/companies/tenancy.test-support';
import { call, createMember, createOwner } from '../commerce.test-support';

let t: TestApp;
let dataDir: string;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let png: Buffer;

function upload(articleId: number, session: Session | null, bytes: Buffer, type = 'image/png', language?: string) {
  const boundary = `----form${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/articles/${articleId}/photos`,
    payload,
    headers: { ...(session ? headersOf(session) : {}), 'content-type': `multipart/form-data; boundary=${boundary}`, ...(language && { 'accept-language': language }) },
  });
}

const article = async (session: Session, name: string) => (await call(t, 'POST', 'articles', session, { name, price: 1000 })).body.data as { id: number };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'article-photos-'));
  t = await openTestApp({ DATA_DIR: dataDir });
  a = await createOwner(t, 'Photos Alpha');
  b = await createOwner(t, 'Photos Beta');
  png = (await renderQrCode('article', 'png', 96)) as Buffer;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('article photos', () => {
  it('stores a real image as a company media, shows it to anyone while the article is offered, removes it', async () => {
    const item = await article(a.session, 'Panier photo');
    const res = await upload(item.id, a.session, png);
    expect(res.statusCode).toBe(201);
    const [photo] = res.json().data.photos as string[];
    expect(photo).toMatch(new RegExp(`^articles/${item.id}/photos/\\d+$`));
    const shown = await t.app.inject({ method: 'GET', url: `/api/v2/${photo}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(png)).toBe(true);
    // The photo counts in the company's storage, as a media of the company.
    const medias = await call(t, 'GET', 'medias', a.session);
    expect(medias.body.data.map((m: { id: number }) => m.id)).toContain(Number(photo.split('/').pop()));
    // An article taken off the catalogue no longer shows its photos.
    await call(t, 'POST', `articles/${item.id}`, a.session, { active: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/${photo}` })).statusCode).toBe(404);
    await call(t, 'POST', `articles/${item.id}`, a.session, { active: true });
    const removed = await call(t, 'DELETE', photo, a.session);
    expect(removed.status).toBe(200);
    expect(removed.body.data.photos).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/${photo}` })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', photo, a.session)).status).toBe(404);
  });

  it('refuses what is not a PNG, JPEG or WebP image (by its bytes), a seventh photo, and photos named in the body', async () => {
    const item = await article(a.session, 'Panier refus');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const refused = await upload(item.id, a.session, pdf, 'image/png');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('PNG, JPEG ou WebP');
    expect((await upload(item.id, a.session, pdf, 'image/png', 'en')).json().message).toBe('An item photo is a PNG, JPEG or WebP image.');
    const text = await upload(item.id, a.session, Buffer.from('pas une image'));
    expect(text.statusCode).toBe(422);
    for (let i = 0; i < 6; i++) expect((await upload(item.id, a.session, png)).statusCode).toBe(201);
    const seventh = await upload(item.id, a.session, png);
    expect(seventh.statusCode).toBe(422);
    expect(JSON.stringify(seventh.json())).toContain('Six photos au plus');
    expect((await upload(item.id, a.session, png, 'image/png', 'zh-CN')).json().data).toEqual({ file: ['每个商品最多六张照片：请先移除一张。'] });
    const other = await article(a.session, 'Autre panier');
    const stolen = await call(t, 'POST', `articles/${other.id}`, a.session, { photos: [`articles/${item.id}/photos/1`] });
    expect(stolen.status).toBe(422);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const item = await article(a.session, 'Panier lourd');
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(item.id, a.session, big);
    expect(res.statusCode).toBe(413);
  });

  it('401 signed out, 404 another company’s article, 403 without articles.update, 422 without a file', async () => {
    const item = await article(a.session, 'Panier gardé');
    expect((await upload(item.id, null, png)).statusCode).toBe(401);
    expect((await upload(item.id, b.session, png)).statusCode).toBe(404);
    expect((await upload(item.id, await createMember(t, a.company.id), png)).statusCode).toBe(403);
    const noFile = await call(t, 'POST', `articles/${item.id}/photos`, a.session, { file: 'x' });
    expect(noFile.status).toBe(422);
    const added = (await upload(item.id, a.session, png)).json().data.photos[0] as string;
    expect((await call(t, 'DELETE', added, null)).status).toBe(401);
    expect((await call(t, 'DELETE', added, b.session)).status).toBe(404);
    expect((await call(t, 'DELETE', added, await createMember(t, a.company.id))).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/articles/${item.id}/photos/999999` })).statusCode).toBe(404);
  });
});
