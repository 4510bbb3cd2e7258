import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, newUuid, type SurveyFixture } from '../participations/participations.test-support';
import { partsDir, sweepAbandonedUploads } from './resumable-uploads.service';

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
  t = await openTestApp({ DATA_DIR: dataDir, ANON_UPLOAD_RATE_LIMIT_MAX: '1000' });
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

async function piece(id: string, offset: number, bytes: Buffer, options: { session?: Session; key?: string; type?: string } = {}) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/v2/medias/uploads/${id}${options.key ? `?key=${options.key}` : ''}`,
    payload: bytes,
    headers: { 'content-type': options.type ?? PIECE, 'upload-offset': String(offset), ...(options.session ? headersOf(options.session) : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}
const status = (id: string, options: { session?: Session; key?: string } = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v2/medias/uploads/${id}${options.key ? `?key=${options.key}` : ''}`, headers: options.session ? headersOf(options.session) : {} });

const photoFields = (key = newUuid()) => ({ survey_code: survey.code, question_id: survey.q.photo, client_uuid: key });
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
});
