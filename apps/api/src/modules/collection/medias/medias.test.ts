import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, newUuid, type SurveyFixture } from '../participations/participations.test-support';
import { sweepOrphanUploads } from './orphan-uploads';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(100)]);
const EXE = Buffer.concat([Buffer.from('MZ'), randomBytes(100)]);

let dataDir: string;
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let stranger: Awaited<ReturnType<typeof createOwner>>;
let survey: SurveyFixture;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'medias-test-'));
  // The per-address upload limit has its own test (below): here, many uploads come from one address.
  t = await openTestApp({ DATA_DIR: dataDir, ANON_UPLOAD_RATE_LIMIT_MAX: '1000' });
  owner = await createOwner(t, 'Garage Central');
  stranger = await createOwner(t, 'Autre Garage');
  survey = await createSurveyFixture(t, {
    companyId: owner.company.id,
    questions: [
      { key: 'photo', type: 'photo', required: true },
      { key: 'doc', type: 'file', settings: { allowed_types: ['application/pdf'], max_size_mb: 0.001 } },
      { key: 'text', type: 'short_text' },
    ],
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function multipart(fields: Record<string, string | number>, file?: { name: string; content: Buffer; type?: string }) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(app: TestApp, fields: Record<string, string | number>, file?: { name: string; content: Buffer }, session?: Session, from?: string) {
  const body = multipart(fields, file);
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v2/medias',
    payload: body.payload,
    ...(from ? { remoteAddress: from } : {}),
    headers: { ...body.headers, ...(session ? headersOf(session) : {}) },
  });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
}

const content = (id: number, query = '', session?: Session) =>
  t.app.inject({ method: 'GET', url: `/api/v2/medias/${id}/content${query}`, headers: session ? headersOf(session) : {} });

describe('POST medias for an answer', () => {
  it('stores an anonymous photo by its bytes, with a checksum, readable only by the allowed', async () => {
    const key = newUuid();
    const res = await upload(t, { survey_code: survey.code, question_id: survey.q.photo, client_uuid: key }, { name: 'vitrine.jpg', content: PNG });
    expect(res.status).toBe(201);
    const media = res.body.data;
    expect(media).toMatchObject({ kind: 'image', mime: 'image/png', size: PNG.length, original_name: 'vitrine.jpg', company_id: owner.company.id });
    expect(media.checksum).toBe(createHash('sha256').update(PNG).digest('hex'));
    expect(media).not.toHaveProperty('upload_key');

    const submitted = await call(t, 'POST', 'participations', null, {
      survey_code: survey.code,
      client_uuid: key,
      answers: [{ question_id: survey.q.photo, value: media.id }],
    });
    expect(submitted.status).toBe(201);

    const mine = await content(media.id, `?key=${key}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(mine.rawPayload).equals(PNG)).toBe(true);
    expect((await content(media.id, '', owner.session)).statusCode).toBe(200);
    expect((await content(media.id)).statusCode).toBe(401);
    expect((await call(t, 'GET', `medias/${media.id}`)).status).toBe(401);
    expect((await content(media.id, `?key=${newUuid()}`)).statusCode).toBe(404);
    expect((await content(media.id, '', stranger.session)).statusCode).toBe(404);
    expect((await call(t, 'GET', `medias/${media.id}`, stranger.session)).status).toBe(404);

    const stored = await t.db.rows<{ path: string }>(
      (await import('drizzle-orm')).sql`SELECT path FROM medias WHERE id = ${media.id}`,
    );
    expect(stored[0].path).toMatch(/^files\/answers\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(readFileSync(path.join(dataDir, 'uploads', stored[0].path)).equals(PNG)).toBe(true);

    // Section 7: the same file by its relative path, with the same rights.
    const byPath = (query = '', session?: Session) => t.app.inject({ method: 'GET', url: `/${stored[0].path}${query}`, headers: session ? headersOf(session) : {} });
    const owned = await byPath('', owner.session);
    expect(owned.statusCode).toBe(200);
    expect(owned.headers['content-type']).toBe('image/png');
    expect(Buffer.from(owned.rawPayload).equals(PNG)).toBe(true);
    expect((await byPath(`?key=${key}`)).statusCode).toBe(200);
    expect((await byPath()).statusCode).toBe(401);
    expect((await byPath('', stranger.session)).statusCode).toBe(404);
    // A key no upload can hold is not found, never a server error.
    expect((await byPath(`?key=${'k'.repeat(101)}`)).statusCode).toBe(404);
    expect((await byPath(`?key=${key}&key=${key}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/files/answers/2026/01/absent.png', headers: headersOf(owner.session) })).statusCode).toBe(404);

    const review = await call(t, 'GET', `participations/${submitted.body.data.id}/results`, owner.session);
    expect(review.body.data.answers[0]).toMatchObject({ display: 'vitrine.jpg', media: { id: media.id, mime: 'image/png', url: `medias/${media.id}/content` } });
  });

  it('refuses a type the question does not allow, whatever the file is named (422)', async () => {
    const res = await upload(t, { survey_code: survey.code, question_id: survey.q.photo, client_uuid: newUuid() }, { name: 'photo.png', content: PDF });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Ce type de fichier n’est pas accepté pour cette question.');
    const unknown = await upload(t, { survey_code: survey.code, question_id: survey.q.photo, client_uuid: newUuid() }, { name: 'photo.png', content: EXE });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe("Ce type de fichier n'est pas reconnu.");
  });

  it('refuses a file over the question’s size (413)', async () => {
    const big = Buffer.concat([PDF, randomBytes(4096)]);
    const res = await upload(t, { survey_code: survey.code, question_id: survey.q.doc, client_uuid: newUuid() }, { name: 'devis.pdf', content: big });
    expect(res.status).toBe(413);
    const small = await upload(t, { survey_code: survey.code, question_id: survey.q.doc, client_uuid: newUuid() }, { name: 'devis.pdf', content: PDF });
    expect(small.status).toBe(201);
  });

  it('needs a question expecting a file, a file, and a client_uuid when anonymous (422)', async () => {
    expect((await upload(t, { survey_code: survey.code, question_id: survey.q.text, client_uuid: newUuid() }, { name: 'a.png', content: PNG })).body.errors.question_id).toBeDefined();
    expect((await upload(t, { survey_code: survey.code, question_id: survey.q.photo }, { name: 'a.png', content: PNG })).body.errors.client_uuid).toBeDefined();
    expect((await upload(t, { survey_code: survey.code, question_id: survey.q.photo, client_uuid: newUuid() })).status).toBe(422);
    const session = await signIn(t, await createTestUser(t));
    expect((await upload(t, { survey_code: survey.code, question_id: survey.q.photo }, { name: 'a.png', content: PNG }, session)).status).toBe(201);
  });

  it('needs the survey’s code from anyone but its company’s agents: a question id alone finds nothing', async () => {
    const unknown = await upload(t, { survey_code: survey.code, question_id: 99_999_999, client_uuid: newUuid() }, { name: 'a.png', content: PNG });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ question_id: ['Question introuvable.'] });
    // The same answer in the caller's language (Accept-Language).
    const body = multipart({ survey_code: survey.code, question_id: survey.q.text, client_uuid: newUuid() }, { name: 'a.png', content: PNG });
    const inEnglish = await t.app.inject({ method: 'POST', url: '/api/v2/medias', payload: body.payload, headers: { ...body.headers, 'accept-language': 'en' } });
    expect(inEnglish.statusCode).toBe(422);
    expect(inEnglish.json().errors).toEqual({ question_id: ['This question does not expect a file.'] });
    const closed = await createSurveyFixture(t, { companyId: owner.company.id, status: 'closed', questions: [{ key: 'p', type: 'photo' }] });
    const other = await createSurveyFixture(t, { companyId: stranger.company.id, questions: [{ key: 'p', type: 'photo' }] });
    const customer = await signIn(t, await createTestUser(t));
    const before = Number((await t.db.rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM medias`))[0].n);
    // No code, or another survey's: the same answer as an unknown question, open or closed survey alike.
    const namings: Array<Record<string, string>> = [{}, { survey_code: other.code }, { survey_code: 'ZZZZZZZZ' }];
    for (const fields of namings) {
      for (const questionId of [survey.q.photo, closed.q.p]) {
        for (const session of [undefined, customer, stranger.session]) {
          const res = await upload(t, { ...fields, question_id: questionId, client_uuid: newUuid() }, { name: 'a.png', content: PNG }, session);
          expect(res.status, JSON.stringify(fields)).toBe(422);
          expect(res.body).toEqual(unknown.body);
        }
      }
    }
    expect(Number((await t.db.rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM medias`))[0].n)).toBe(before);
    expect((await upload(t, { question_id: survey.q.photo }, { name: 'a.png', content: PNG }, owner.session)).status).toBe(201);
    expect((await upload(t, { survey_code: survey.code.toLowerCase(), question_id: survey.q.photo }, { name: 'a.png', content: PNG }, customer)).status).toBe(201);
  });

  it('refuses an answer naming someone else’s file (422)', async () => {
    const theirs = await upload(t, { survey_code: survey.code, question_id: survey.q.photo, client_uuid: newUuid() }, { name: 'a.png', content: PNG });
    const res = await call(t, 'POST', 'participations', null, {
      survey_code: survey.code,
      client_uuid: newUuid(),
      answers: [{ question_id: survey.q.photo, value: theirs.body.data.id }],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[`answers.${survey.q.photo}`]).toEqual(['Fichier introuvable : envoyez-le de nouveau.']);
  });
});

describe('answer files of an anonymous survey', () => {
  it('never tell the company who uploaded them, at any depth; the uploader still reads theirs back', async () => {
    const anonymous = await createSurveyFixture(t, { companyId: owner.company.id, settings: { anonymous: true }, questions: [{ key: 'photo', type: 'photo' }] });
    const user = await createTestUser(t, { first_name: 'Salarié' });
    const respondent = await signIn(t, user);
    const key = newUuid();
    const sent = await upload(t, { survey_code: anonymous.code, question_id: anonymous.q.photo, client_uuid: key }, { name: 'atelier.png', content: PNG }, respondent);
    expect(sent.status).toBe(201);
    const mediaId = sent.body.data.id as number;
    const ownerless = (m: Record<string, unknown>) => expect(m).not.toHaveProperty('owner_user_id');
    // Files are sent before the answers that name them: the company's list already says nothing.
    const early = (await call(t, 'GET', 'medias', owner.session)).body.data.find((m: { id: number }) => m.id === mediaId);
    ownerless(early);
    const submitted = await call(t, 'POST', 'participations', respondent, {
      survey_code: anonymous.code,
      client_uuid: key,
      answers: [{ question_id: anonymous.q.photo, value: mediaId }],
    });
    expect(submitted.status).toBe(201);
    const id = submitted.body.data.id as number;

    // The reviewer's inputs: the participation's answers with their media, then the media itself.
    const detail = await call(t, 'GET', `participations/${id}?includes[]=answers.media`, owner.session);
    expect(detail.body.data.user_id).toBeNull();
    expect(detail.body.data.answers[0].media).toMatchObject({ id: mediaId, mime: 'image/png' });
    ownerless(detail.body.data.answers[0].media);
    const deep = await call(t, 'GET', `participations?filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][value]=${anonymous.id}&includes[]=answers.participation.answers.media`, owner.session);
    expect(JSON.stringify(deep.body.data)).toContain(`"media_id":${mediaId}`);
    expect(JSON.stringify(deep.body.data)).not.toContain('owner_user_id');
    const media = await call(t, 'GET', `medias/${detail.body.data.answers[0].media_id}`, owner.session);
    expect(media.status).toBe(200);
    ownerless(media.body.data);
    for (const m of (await call(t, 'GET', 'medias', owner.session)).body.data) ownerless(m);
    // Nor can the company's file list pick, order or count files by their uploader.
    const byUploader = [
      `filter_groups[0][filters][0][key]=owner_user_id&filter_groups[0][filters][0][value]=${user.id}`,
      'sort[0][key]=owner_user_id',
      'group_by[]=owner_user_id',
      'select[]=owner_user_id',
    ];
    for (const query of byUploader) expect((await call(t, 'GET', `medias?${query}`, owner.session)).status, query).toBe(400);

    // The uploader reads their file back, by session or by key, and their own participation.
    expect((await call(t, 'GET', `medias/${mediaId}`, respondent)).body.data).toMatchObject({ id: mediaId, original_name: 'atelier.png' });
    expect((await content(mediaId, '', respondent)).statusCode).toBe(200);
    expect((await content(mediaId, `?key=${key}`)).statusCode).toBe(200);
    expect((await call(t, 'GET', `participations/${id}?includes[]=answers`, respondent)).body.data).toMatchObject({ user_id: user.id, answers: [{ media_id: mediaId }] });
    // Anyone else still finds nothing.
    expect((await content(mediaId, '', await signIn(t, await createTestUser(t)))).statusCode).toBe(404);
  });
});

describe('company files', () => {
  it('lets a member with medias.create upload and list, not a customer', async () => {
    const res = await upload(t, {}, { name: 'statuts.pdf', content: PDF }, owner.session);
    expect(res.status).toBe(201);
    const list = await call(t, 'GET', 'medias', owner.session);
    expect(list.body.data.map((m: any) => m.id)).toContain(res.body.data.id);
    expect(list.body.data[0]).not.toHaveProperty('path');
    const customer = await signIn(t, await createTestUser(t));
    expect((await upload(t, {}, { name: 'x.pdf', content: PDF }, customer)).status).toBe(403);
    expect((await call(t, 'GET', 'medias', stranger.session)).body.data.map((m: any) => m.id)).not.toContain(res.body.data.id);
  });
});

describe('anonymous upload limit', () => {
  it('answers 429 past ANON_UPLOAD_RATE_LIMIT_MAX per address, an IPv6 /64 counting as one', async () => {
    const limited = await openTestApp({ DATA_DIR: dataDir, ANON_UPLOAD_RATE_LIMIT_MAX: '2' });
    try {
      const boss = await createOwner(limited, 'Limité SARL');
      const s = await createSurveyFixture(limited, { companyId: boss.company.id, questions: [{ key: 'p', type: 'photo' }] });
      const statuses = [];
      for (const from of ['2001:db8:0:1::1', '2001:db8:0:1:ffff::2', '2001:db8:0:1::3']) {
        statuses.push((await upload(limited, { survey_code: s.code, question_id: s.q.p, client_uuid: newUuid() }, { name: 'a.png', content: PNG }, undefined, from)).status);
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect((await upload(limited, { survey_code: s.code, question_id: s.q.p, client_uuid: newUuid() }, { name: 'a.png', content: PNG }, undefined, '2001:db8:0:2::1')).status).toBe(201);
      expect((await upload(limited, { question_id: s.q.p }, { name: 'a.png', content: PNG }, boss.session)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('anonymous upload budget', () => {
  it('refuses past ANON_UPLOAD_BYTES_PER_DAY_MB per address and 24 h with 429, a /64 counting as one; only kept bytes count', async () => {
    // 51 KiB a day: two 21 KiB photos fit, a third does not.
    const limited = await openTestApp({ DATA_DIR: dataDir, ANON_UPLOAD_BYTES_PER_DAY_MB: '0.05' });
    try {
      const boss = await createOwner(limited, 'Budget SARL');
      const s = await createSurveyFixture(limited, { companyId: boss.company.id, questions: [{ key: 'p', type: 'photo' }] });
      const photo = Buffer.concat([PNG, randomBytes(20 * 1024)]);
      const send = (from: string, content = photo, session?: Session) =>
        upload(limited, { survey_code: s.code, question_id: s.q.p, client_uuid: newUuid() }, { name: 'a.png', content }, session, from);

      expect((await send('2001:db8:ab:cd::1')).status).toBe(201);
      expect((await send('2001:db8:ab:cd::2')).status).toBe(201);
      // Another address of the same /64: the same budget, now short of a third photo.
      const refused = await send('2001:db8:ab:cd:1234::9');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('upload_budget_spent');
      expect(refused.body.message).toBe('Trop de fichiers envoyés sans connexion depuis cette adresse : 0,05 Mo au plus par 24 heures. Réessayez plus tard ou connectez-vous.');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(24 * 3600);
      // The refused photo was not counted: a small file still fits.
      expect((await send('2001:db8:ab:cd::3', PNG)).status).toBe(201);
      // Another address, and a signed-in sender from the spent /64, are not held by it.
      expect((await send('2001:db8:ab:ce::1')).status).toBe(201);
      expect((await upload(limited, { question_id: s.q.p }, { name: 'a.png', content: photo }, boss.session, '2001:db8:ab:cd::1')).status).toBe(201);
      // A body declaring more than is left is refused before its file is read.
      const big = await send('203.0.113.5', Buffer.concat([PNG, randomBytes(100 * 1024)]));
      expect(big.status).toBe(429);
      expect(big.body.code).toBe('upload_budget_spent');
      expect((await send('203.0.113.5')).status).toBe(201);
      const tmp = path.join(dataDir, 'uploads', 'tmp');
      expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
      const [kept] = await limited.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM medias WHERE company_id = ${boss.company.id} AND owner_user_id IS NULL`);
      expect(Number(kept.n)).toBe(5);
    } finally {
      await limited.close();
    }
  });
});

describe('anonymous upload size', () => {
  it('caps a question without max_size_mb at ANON_UPLOAD_MAX_MB, refused with 413 before the file is kept', async () => {
    const limited = await openTestApp({ DATA_DIR: dataDir, ANON_UPLOAD_MAX_MB: '0.01' });
    try {
      const boss = await createOwner(limited, 'Petits Fichiers SARL');
      const s = await createSurveyFixture(limited, {
        companyId: boss.company.id,
        questions: [
          { key: 'p', type: 'photo' },
          { key: 'roomy', type: 'photo', settings: { max_size_mb: 1 } },
        ],
      });
      const photo = Buffer.concat([PNG, randomBytes(20 * 1024)]);
      const tooBig = await upload(limited, { survey_code: s.code, question_id: s.q.p, client_uuid: newUuid() }, { name: 'a.png', content: photo });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toBe('Le fichier dépasse la taille maximale de 10 Ko.');
      // Far over the limit: refused on the body's declared length, before the file is read.
      const huge = await upload(limited, { survey_code: s.code, question_id: s.q.p, client_uuid: newUuid() }, { name: 'a.png', content: Buffer.concat([photo, randomBytes(100 * 1024)]) });
      expect(huge.status).toBe(413);
      expect(huge.body.errors.file).toEqual(['Le fichier dépasse la taille maximale de 10 Ko.']);
      // Refused either way, nothing is left behind.
      const tmp = path.join(dataDir, 'uploads', 'tmp');
      expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
      // The question's own max_size_mb wins; a signed-in sender has the type's default (10 MB for photos).
      expect((await upload(limited, { survey_code: s.code, question_id: s.q.roomy, client_uuid: newUuid() }, { name: 'a.png', content: photo })).status).toBe(201);
      expect((await upload(limited, { question_id: s.q.p }, { name: 'a.png', content: photo }, boss.session)).status).toBe(201);
      expect((await upload(limited, { survey_code: s.code, question_id: s.q.p, client_uuid: newUuid() }, { name: 'a.png', content: PNG })).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('sweepOrphanUploads', () => {
  const DAY_MS = 24 * 3600 * 1000;
  const ageBy = (id: number, hours: number) => t.db.rows(sql`UPDATE medias SET created_at = now() - make_interval(hours => ${hours}) WHERE id = ${id}`);
  const stored = async (id: number) => {
    const [row] = await t.db.rows<{ path: string }>(sql`SELECT path FROM medias WHERE id = ${id}`);
    return row ? existsSync(path.join(dataDir, 'uploads', row.path)) : null;
  };

  it('deletes an old anonymous upload no answer names (row and file), keeps the rest', async () => {
    const send = async (session?: Session) => {
      const res = await upload(t, { survey_code: survey.code, question_id: survey.q.photo, client_uuid: newUuid() }, { name: 'p.png', content: PNG }, session);
      expect(res.status).toBe(201);
      return res.body.data.id as number;
    };
    const orphan = await send();
    const [{ path: orphanPath }] = await t.db.rows<{ path: string }>(sql`SELECT path FROM medias WHERE id = ${orphan}`);
    const fresh = await send();
    const signedIn = await send(await signIn(t, await createTestUser(t)));
    const companyFile = (await upload(t, {}, { name: 'statuts.pdf', content: PDF }, owner.session)).body.data.id as number;
    const key = newUuid();
    const referenced = (await upload(t, { survey_code: survey.code, question_id: survey.q.photo, client_uuid: key }, { name: 'p.png', content: PNG })).body.data.id as number;
    const submitted = await call(t, 'POST', 'participations', null, {
      survey_code: survey.code,
      client_uuid: key,
      answers: [{ question_id: survey.q.photo, value: referenced }],
    });
    expect(submitted.status).toBe(201);
    for (const id of [orphan, signedIn, companyFile, referenced]) await ageBy(id, 25);
    await ageBy(fresh, 23);

    expect(await sweepOrphanUploads(t.db, dataDir, { graceMs: DAY_MS })).toBeGreaterThanOrEqual(1);
    expect(await stored(orphan)).toBeNull();
    expect(existsSync(path.join(dataDir, 'uploads', orphanPath))).toBe(false);
    for (const id of [fresh, signedIn, companyFile, referenced]) expect(await stored(id)).toBe(true);
    expect((await content(referenced, `?key=${key}`)).statusCode).toBe(200);
    // Nothing left to do: a second sweep deletes nothing.
    expect(await sweepOrphanUploads(t.db, dataDir, { graceMs: DAY_MS })).toBe(0);
  });
});
