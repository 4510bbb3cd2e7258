import { chownSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import path from 'node:path';

export interface CopyOptions {
  /** Paths relative to the source root that are left out (a folder's contents, its folder kept). */
  skipContents?: (relative: string) => boolean;
  /** Whole entries left out, by path relative to the source root. */
  skip?: (relative: string) => boolean;
  /** Owner given to every copy (the embedded server's account when running as root). */
  owner?: { uid: number; gid: number };
}

export interface CopyTotals {
  files: number;
  bytes: number;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Copies a folder tree with its modes, tolerating files that disappear while it runs (a
 * live database's temporary files, an upload deleted meanwhile): such a file is simply not
 * in the copy, which is what a copy taken a moment later would show.
 */
export function copyTree(source: string, target: string, options: CopyOptions = {}): CopyTotals {
  const totals: CopyTotals = { files: 0, bytes: 0 };
  const visit = (relative: string) => {
    const from = path.join(source, relative);
    const to = path.join(target, relative);
    let info: ReturnType<typeof lstatSync>;
    try {
      info = lstatSync(from);
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    if (info.isDirectory()) {
      mkdirSync(to, { recursive: true, mode: info.mode & 0o7777 });
      if (options.owner) chownSync(to, options.owner.uid, options.owner.gid);
      if (options.skipContents?.(relative)) return;
      let names: string[];
      try {
        names = readdirSync(from);
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const name of names) {
        const child = relative ? path.join(relative, name) : name;
        if (!options.skip?.(child)) visit(child);
      }
    } else if (info.isSymbolicLink()) {
      symlinkSync(readlinkSync(from), to);
    } else if (info.isFile()) {
      try {
        copyFileSync(from, to);
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      if (options.owner) chownSync(to, options.owner.uid, options.owner.gid);
      totals.files += 1;
      totals.bytes += info.size;
    }
  };
  if (existsSync(source)) visit('');
  return totals;
}
