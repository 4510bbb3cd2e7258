import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, newUuid, type SurveyFixture } from '../participations/participations.test-support';
import { partsDir, sweepAbandonedUploads } from './resumable-uploads.service';
import { MAX_OPEN_UPLOADS_PER_ADDRESS } from './upload-reservation';
import { AnonymousUploadBudget } from './upload-budget';
import { createDatabaseThrottleStore } from '../../identity/auth/throttle';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(3000)]);
const EXE = Buffer.concat([Buffer.from('MZ'), randomBytes(300)]);
const PIECE = 'application/offset+octet-stream';

let dataDir: string;
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let stranger: Awaited<ReturnType<typeof createOwner>>;
let survey: SurveyFixture;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'resumable-test-'));
  // A small daily budget (100 Kio per address) so that its reservations can be seen spent.
  t = await openTestApp({ DATA_DIR: dataDir, ANON_UPLOAD_RATE_LIMIT_MAX: '1000', ANON_UPLOAD_BYTES_PER_DAY_MB: '0.1' });
  owner = await createOwner(t, 'Garage Central');
  stranger = await createOwner(t, 'Autre Garage');
  survey = await createSurveyFixture(t, {
    companyId: owner.company.id,
    questions: [
      { key: 'photo', type: 'photo', required: true },
      { key: 'doc', type: 'file', settings: { allowed_types: ['application/pdf'], max_size_mb: 0.001 } },
    ],
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = (payload: Record<string, unknown>, session?: Session | null) => call(t, 'POST', 'medias/uploads', session, payload);
/** POST medias/uploads from another client address than the other tests'. */
async function startFrom(address: string, payload: Record<string, unknown>, session?: Session) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/medias/uploads', payload, remoteAddress: address, headers: session ? headersOf(session) : {} });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function piece(id: string, offset: number, bytes: Buffer, options: { session?: Session; key?: string; type?: string; address?: string } = {}) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/v2/medias/uploads/${id}${options.key ? `?key=${options.key}` : ''}`,
    payload: bytes,
    remoteAddress: options.address,
    headers: { 'content-type': options.type ?? PIECE, 'upload-offset': String(offset), ...(options.session ? headersOf(options.session) : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}
const status = (id: string, options: { session?: Session; key?: string } = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v2/medias/uploads/${id}${options.key ? `?key=${options.key}` : ''}`, headers: options.session ? headersOf(options.session) : {} });

const photoFields = (key = newUuid()) => ({ survey_code: survey.code, question_id: survey.q.photo, client_uuid: key });
const budgetKib = async (address: string) => (await createDatabaseThrottleStore(t.db).peek(`anon-upload-kib:${address}`))?.hits ?? 0;
const claimOf = (id: string, at: string) => t.db.rows(sql`UPDATE media_uploads SET completing_at = ${at}::timestamptz WHERE id = ${id}`);
const countMedias = async () => Number((await t.db.rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM medias`))[0].n);

describe('resumable uploads (medias/uploads)', () => {
  it('takes a photo in pieces, resumes at the server’s offset after a lost piece, and completes once', async () => {
    const key = newUuid();
    const opened = await start({ ...photoFields(key), filename: 'vitrine.png', size: PNG.length });
    expect(opened.status).toBe(201);
    const id = opened.body.data.id as string;
    expect(opened.body.data).toMatchObject({ offset: 0, size: PNG.length, media: null });

    expect((await piece(id, 0, PNG.subarray(0, 1000), { key })).body.data.offset).toBe(1000);
    // The phone thinks the second piece was lost and asks where to go on from.
    const second = await piece(id, 1000, PNG.subarray(1000, 2000), { key });
    expect(second.body.data.offset).toBe(2000);
    const resumed = await status(id, { key });
    expect(resumed.json().data.offset).toBe(2000);
    // A piece sent again at a stale offset is refused with the offset to resume from.
    const stale = await piece(id, 1000, PNG.subarray(1000, 2000), { key });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toEqual({ offset: ['2000'] });

    const before = await countMedias();
    const last = await piece(id, 2000, PNG.subarray(2000), { key });
    expect(last.status).toBe(200);
    const media = last.body.data.media;
    expect(media).toMatchObject({ kind: 'image', mime: 'image/png', size: PNG.length, original_name: 'vitrine.png', company_id: owner.company.id });
    expect(media.checksum).toBe(createHash('sha256').update(PNG).digest('hex'));
    // The last piece's answer lost, sent again: the same media, no second one.
    const again = await piece(id, PNG.length, Buffer.alloc(0), { key });
    expect(again.status).toBe(200);
    expect(again.body.data.media.id).toBe(media.id);
    expect((await status(id, { key })).json().data.media.id).toBe(media.id);
    expect(await countMedias()).toBe(before + 1);

    const submitted = await call(t, 'POST', 'participations', null, { survey_code: survey.code, client_uuid: key, answers: [{ question_id: survey.q.photo, value: media.id }] });
    expect(submitted.status).toBe(201);
  });

  it('is for its sender only: 401 signed out without key, 404 for another company or another key', async () => {
    const opened = await start({ survey_code: survey.code, question_id: survey.q.photo, filename: 'a.png', size: PNG.length }, owner.session);
    expect(opened.status).toBe(201);
    const id = opened.body.data.id as string;
    expect((await status(id)).statusCode).toBe(401);
    expect((await piece(id, 0, PNG)).status).toBe(401);
    expect((await status(id, { session: stranger.session })).statusCode).toBe(404);
    expect((await piece(id, 0, PNG, { session: stranger.session })).status).toBe(404);
    expect((await status(id, { key: newUuid() })).statusCode).toBe(404);
    expect((await status('0'.repeat(32), { session: owner.session })).statusCode).toBe(404);
    expect((await status(id, { session: owner.session })).statusCode).toBe(200);
    // Its sender completes it, the key sent along or not.
    expect((await piece(id, 0, PNG.subarray(0, 1500), { session: owner.session, key: newUuid() })).body.data.offset).toBe(1500);
    const done = await piece(id, 1500, PNG.subarray(1500), { session: owner.session });
    expect(done.body).toMatchObject({ success: true, data: { offset: PNG.length, media: { mime: 'image/png', size: PNG.length } } });
    // Another company's survey is not found by its question.
    const other = await createSurveyFixture(t, { companyId: stranger.company.id, questions: [{ key: 'p', type: 'photo' }] });
    expect((await start({ question_id: other.q.p, filename: 'a.png', size: 10 }, owner.session)).status).toBe(422);
  });

  it('refuses without the right permission (403), bad input (422, in French), too large (413), other content types (415)', async () => {
    const customer = await signIn(t, await createTestUser(t));
    // A company document needs medias.create in a company.
    expect((await start({ filename: 'x.pdf', size: 10 }, customer)).status).toBe(403);
    const bad = await start({ ...photoFields(), filename: '', size: -1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.filename[0]).toMatch(/nom du fichier/);
    expect((await start({ survey_code: survey.code, question_id: survey.q.photo, filename: 'a.png', size: 10 })).body.errors.client_uuid).toBeDefined();
    const big = await start({ survey_code: survey.code, question_id: survey.q.doc, client_uuid: newUuid(), filename: 'devis.pdf', size: 5000 });
    expect(big.status).toBe(413);

    const key = newUuid();
    const opened = await start({ ...photoFields(key), filename: 'a.png', size: 100 });
    const id = opened.body.data.id as string;
    expect((await piece(id, 0, PNG.subarray(0, 200), { key })).status).toBe(413);
    const png = await piece(id, 0, PNG.subarray(0, 50), { key, type: 'image/png' });
    expect(png.status).toBe(415);
    expect(png.body.success).toBe(false);
    expect((await piece(id, 0, Buffer.from('{"a":1}'), { key, type: 'application/json' })).status).toBe(415);
    const noOffset = await t.app.inject({ method: 'PATCH', url: `/api/v2/medias/uploads/${id}?key=${key}`, payload: PNG.subarray(0, 10), headers: { 'content-type': PIECE } });
    expect(noOffset.statusCode).toBe(422);
    expect((await status(id, { key })).json().data.offset).toBe(0);
  });

  it('answers in the sender’s language: too large, wrong offset, wrong content type', async () => {
    const big = await callIn(t, 'en', 'POST', 'medias/uploads', null, { survey_code: survey.code, question_id: survey.q.doc, client_uuid: newUuid(), filename: 'quote.pdf', size: 5000 });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The file exceeds the maximum size of 1 KB.');
    const key = newUuid();
    const opened = await callIn(t, 'de', 'POST', 'medias/uploads', null, { ...photoFields(key), filename: 'a.png', size: 100 });
    expect(opened.body.message).toBe('Upload eröffnet.');
    const id = opened.body.data.id as string;
    const inZh = (offset: number, type = PIECE, payload: Buffer = PNG.subarray(0, 10)) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v2/medias/uploads/${id}?key=${key}`,
        payload,
        headers: { 'content-type': type, 'upload-offset': String(offset), 'accept-language': 'zh-CN,zh;q=0.9' },
      });
    const misplaced = await inZh(40);
    expect(misplaced.statusCode).toBe(409);
    expect(misplaced.json()).toMatchObject({ code: 'upload_offset_mismatch', message: '服务器已收到 0 字节：请从该处继续。' });
    // A body another parser read (JSON here) is not a piece.
    const wrongType = await inZh(0, 'application/json', Buffer.from('{"a":1}'));
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe('请以 application/offset+octet-stream 发送分片。');
  });

  it('checks the assembled bytes like POST medias: a disguised program is refused and its upload ends', async () => {
    const key = newUuid();
    const opened = await start({ ...photoFields(key), filename: 'photo.png', size: EXE.length });
    const id = opened.body.data.id as string;
    const refused = await piece(id, 0, EXE, { key });
    expect(refused.status).toBe(422);
    expect((await status(id, { key })).statusCode).toBe(404);
    expect(existsSync(path.join(partsDir(dataDir), id))).toBe(false);
  });

  it('takes pieces over a real connection too (the body is read from the socket)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/v2`;
    const opened = await start({ survey_code: survey.code, question_id: survey.q.photo, filename: 'b.png', size: PNG.length }, owner.session);
    const id = opened.body.data.id as string;
    const send = (offset: number, bytes: Buffer) =>
      fetch(`${base}/medias/uploads/${id}`, { method: 'PATCH', body: new Uint8Array(bytes), headers: { 'content-type': PIECE, 'upload-offset': String(offset), ...headersOf(owner.session) } });
    expect((await (await send(0, PNG.subarray(0, 2000))).json()).data.offset).toBe(2000);
    const last = await send(2000, PNG.subarray(2000));
    expect(last.status).toBe(200);
    expect((await last.json()).data.media.size).toBe(PNG.length);
  });

  it('sweeps abandoned uploads with their bytes', async () => {
    const key = newUuid();
    const opened = await start({ ...photoFields(key), filename: 'a.png', size: PNG.length });
    const id = opened.body.data.id as string;
    await piece(id, 0, PNG.subarray(0, 500), { key });
    expect(readdirSync(partsDir(dataDir))).toContain(id);
    const swept = await sweepAbandonedUploads(t.db, dataDir, { ttlMs: 24 * 3600 * 1000, now: new Date(Date.now() + 25 * 3600 * 1000) });
    expect(swept).toBeGreaterThan(0);
    expect(readdirSync(partsDir(dataDir))).not.toContain(id);
    expect((await status(id, { key })).statusCode).toBe(404);
  });

  it('answers 409 upload_completing while another request completes it, then the media; a stale claim is taken over', async () => {
    const key = newUuid();
    const id = (await start({ ...photoFields(key), filename: 'c.png', size: PNG.length })).body.data.id as string;
    expect((await piece(id, 0, PNG.subarray(0, 1000), { key })).body.data.offset).toBe(1000);
    // Another request holds the completion claim (recorded in the database).
    await claimOf(id, new Date().toISOString());
    const busy = await piece(id, 1000, PNG.subarray(1000), { key });
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('upload_completing');
    expect((await status(id, { key })).json().data).toMatchObject({ offset: PNG.length, completing: true, media: null });
    expect((await piece(id, PNG.length, Buffer.alloc(0), { key })).body.code).toBe('upload_completing');
    // That process died mid-way: once stale, the claim is taken over and the media made, once.
    await claimOf(id, new Date(Date.now() - 11 * 60 * 1000).toISOString());
    const done = await piece(id, PNG.length, Buffer.alloc(0), { key });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ completing: false, media: { size: PNG.length } });
    const again = await piece(id, PNG.length, Buffer.alloc(0), { key });
    expect(again.body.data.media.id).toBe(done.body.data.media.id);
  });

  it('flushes each piece to the disk before moving the offset', async () => {
    const key = newUuid();
    const id = (await start({ ...photoFields(key), filename: 'd.png', size: PNG.length })).body.data.id as string;
    const probe = await open(path.join(dataDir, 'probe'), 'w');
    const sync = vi.spyOn(Object.getPrototypeOf(probe), 'sync');
    await probe.close();
    try {
      expect((await piece(id, 0, PNG.subarray(0, 1000), { key })).body.data.offset).toBe(1000);
      expect(sync).toHaveBeenCalledTimes(1);
    } finally {
      sync.mockRestore();
    }
  });

  it('moves the offset back to the bytes really kept (a crash lost some): 409 with the real offset, then completes', async () => {
    const key = newUuid();
    const id = (await start({ ...photoFields(key), filename: 'e.png', size: PNG.length })).body.data.id as string;
    expect((await piece(id, 0, PNG.subarray(0, 2000), { key })).body.data.offset).toBe(2000);
    truncateSync(path.join(partsDir(dataDir), id), 1200);
    const lost = await piece(id, 2000, PNG.subarray(2000), { key });
    expect(lost.status).toBe(409);
    expect(lost.body).toMatchObject({ code: 'upload_offset_mismatch', data: { offset: ['1200'] } });
    expect((await status(id, { key })).json().data.offset).toBe(1200);
    const done = await piece(id, 1200, PNG.subarray(1200), { key });
    expect(done.status).toBe(200);
    expect(done.body.data.media.checksum).toBe(createHash('sha256').update(PNG).digest('hex'));

    // The same found at completion (every byte recorded, fewer on the disk): 409, not a refusal.
    const key2 = newUuid();
    const id2 = (await start({ ...photoFields(key2), filename: 'f.png', size: PNG.length })).body.data.id as string;
    await claimOf(id2, new Date().toISOString());
    expect((await piece(id2, 0, PNG, { key: key2 })).body.code).toBe('upload_completing');
    truncateSync(path.join(partsDir(dataDir), id2), 500);
    await claimOf(id2, new Date(Date.now() - 11 * 60 * 1000).toISOString());
    const short = await piece(id2, PNG.length, Buffer.alloc(0), { key: key2 });
    expect(short.status).toBe(409);
    expect(short.body.data).toEqual({ offset: ['500'] });
    expect((await piece(id2, 500, PNG.subarray(500), { key: key2 })).body.data.media.size).toBe(PNG.length);
  });

  it('reserves an anonymous upload’s size in its address’s budget when opened, given back when refused or abandoned', async () => {
    const address = '10.21.0.1';
    const first = await startFrom(address, { ...photoFields(), filename: 'big.png', size: 60 * 1024 });
    expect(first.status).toBe(201);
    expect(await budgetKib(address)).toBe(60);
    // The next one does not fit in what is left of 100 Kio: refused when opened, nothing reserved.
    const second = await startFrom(address, { ...photoFields(), filename: 'big2.png', size: 60 * 1024 });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe('upload_budget_spent');
    expect(await budgetKib(address)).toBe(60);
    // A file refused at completion gives its reservation back.
    const key = newUuid();
    const exe = await startFrom(address, { ...photoFields(key), filename: 'x.png', size: EXE.length });
    expect(await budgetKib(address)).toBe(61);
    expect((await piece(exe.body.data.id, 0, EXE, { key, address })).status).toBe(422);
    expect(await budgetKib(address)).toBe(60);
    // An abandoned one gives it back when swept.
    const budget = new AnonymousUploadBudget(createDatabaseThrottleStore(t.db), { ANON_UPLOAD_BYTES_PER_DAY_MB: 0.1 });
    await sweepAbandonedUploads(t.db, dataDir, { ttlMs: 24 * 3600 * 1000, now: new Date(Date.now() + 25 * 3600 * 1000), budget });
    expect(await budgetKib(address)).toBe(0);
    // A kept file stays counted: its completion spends nothing more.
    const key3 = newUuid();
    const kept = await startFrom(address, { ...photoFields(key3), filename: 'ok.png', size: PNG.length });
    expect((await piece(kept.body.data.id, 0, PNG, { key: key3, address })).status).toBe(200);
    expect(await budgetKib(address)).toBe(3);
  });

  it('caps open anonymous uploads per address, whatever client_uuid each names', async () => {
    const address = '10.21.0.2';
    for (let i = 0; i < MAX_OPEN_UPLOADS_PER_ADDRESS; i++) {
      expect((await startFrom(address, { ...photoFields(), filename: `p${i}.png`, size: 10 })).status).toBe(201);
    }
    const over = await startFrom(address, { ...photoFields(), filename: 'one-more.png', size: 10 });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('too_many_uploads');
    expect(over.body.message).toMatch(/adresse/);
    // Another address is not held back by it.
    expect((await startFrom('10.21.0.3', { ...photoFields(), filename: 'p.png', size: 10 })).status).toBe(201);
  });

  it('rate limits pieces per account when signed in, per address otherwise', async () => {
    const address = '10.21.0.4';
    const remaining = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-ratelimit-remaining']);
    const a1 = await startFrom(address, { survey_code: survey.code, question_id: survey.q.photo, filename: 'a.png', size: 10 }, owner.session);
    const b1 = await startFrom(address, { filename: 'b.pdf', size: 10 }, stranger.session);
    const a2 = await startFrom(address, { survey_code: survey.code, question_id: survey.q.photo, filename: 'a.png', size: 10 }, owner.session);
    expect(a1.status).toBe(201);
    expect(b1.status).toBe(201);
    // The second user's request in between is not counted against the first's (same address).
    expect(remaining(a2)).toBe(remaining(a1) - 1);
    const b2 = await startFrom(address, { filename: 'b.pdf', size: 10 }, stranger.session);
    expect(remaining(b2)).toBe(remaining(b1) - 1);
    const anon1 = await startFrom(address, { ...photoFields(), filename: 'c.png', size: 10 });
    const anon2 = await startFrom(address, { ...photoFields(), filename: 'c.png', size: 10 });
    expect(remaining(anon2)).toBe(remaining(anon1) - 1);
  });
});
