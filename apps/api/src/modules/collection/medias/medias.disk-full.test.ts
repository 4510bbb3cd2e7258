import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { statusMessage } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, headersOf } from '../../tenancy/companies/tenancy.test-support';

// A real full disk: the upload folder on a 2 MB tmpfs of its own, filled to the last byte.
// Mounting needs root (the CI machine and this one run as root); elsewhere the test says
// it is skipped rather than pretending.
const root = process.getuid?.() === 0;
let dataDir: string;
let uploads: string;

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);

function multipart(file: Buffer) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rapport.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.skipIf(!root)(root ? 'uploads on a full disk' : 'uploads on a full disk — SKIPPED: cannot mount a tmpfs (not root)', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createOwner>>;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'medias-disk-full-'));
    uploads = path.join(dataDir, 'uploads');
    mkdirSync(uploads, { recursive: true });
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0755', 'tmpfs', uploads], { encoding: 'utf8' });
    if (mount.status !== 0) throw new Error(`cannot mount a tmpfs: ${mount.stderr}`);
    t = await openTestApp({ DATA_DIR: dataDir });
    owner = await createOwner(t, 'Garage Plein');
  });
  afterAll(async () => {
    await t?.close();
    spawnSync('umount', [uploads]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (file: Buffer) => {
    const body = multipart(file);
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/medias', payload: body.payload, headers: { ...body.headers, ...headersOf(owner.session) } });
    return { status: res.statusCode, body: res.json() };
  };
  const count = async () => (await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM medias WHERE company_id = ${owner.company.id}`))[0].n;

  it('answers 507 in French while the disk is full, keeps what was saved, and takes uploads again once space is back', async () => {
    const kept = pdf(10_000);
    const first = await upload(kept);
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    const filler = path.join(uploads, 'filler');
    // dd stops at the first ENOSPC: the folder is full to the last byte.
    spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k', 'count=64'], { encoding: 'utf8' });
    const refused = await upload(pdf(200_000));
    expect(refused.status, JSON.stringify(refused.body)).toBe(507);
    expect(refused.body).toEqual({ success: false, code: 'insufficient_storage', message: statusMessage(507, 'fr') });
    // Nothing recorded, no partial file left behind, the earlier file whole.
    expect(await count()).toBe(1);
    expect(readdirSync(path.join(uploads, 'tmp'))).toEqual([]);
    const content = await t.app.inject({ method: 'GET', url: `/api/v2/medias/${first.body.data.id}/content`, headers: headersOf(owner.session) });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(kept)).toBe(true);
    // The other routes never noticed.
    expect((await call(t, 'GET', 'medias', owner.session)).status).toBe(200);

    rmSync(filler);
    const again = await upload(pdf(200_000));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await count()).toBe(2);
  });
});
