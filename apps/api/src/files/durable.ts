import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files the API answers "saved" for (uploads, photos, logos) must survive a power cut as
 * their database rows do (PostgreSQL fsyncs its WAL before a commit returns): the file's
 * bytes are flushed before it takes its final name, and the folder holding that name is
 * flushed after, so the entry itself is on disk (docs/RELIABILITY.md, "What survives a
 * power cut"). Without the folder's flush, ext4 may lose a rename made in the last seconds.
 */

/** Flushes a file's bytes (and its size) to the disk. */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a folder's entries (names created, renamed or removed in it) to the disk. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * `mkdir -p` whose new folders survive a power cut: each folder it created, and the one
 * holding the first of them, is flushed.
 */
export async function makeDirectoryDurably(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true });
  if (!first) return;
  const created: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    created.push(at);
    if (at === path.resolve(first) || at === path.dirname(at)) break;
  }
  // Deepest first: a folder's own entries, then its name in its parent.
  for (const folder of created) await syncDirectory(folder);
  await syncDirectory(path.dirname(path.resolve(first)));
}

/** Moves a finished file to its final name: its bytes flushed before, the new entry after. */
export async function moveDurably(from: string, to: string): Promise<void> {
  await syncFile(from);
  await makeDirectoryDurably(path.dirname(to));
  await rename(from, to);
  await syncDirectory(path.dirname(to));
}

/**
 * Writes a whole file and flushes it and its folder. On failure (a full disk: ENOSPC,
 * EDQUOT) the partial file is removed, so nothing half-written is ever named by a row.
 */
export async function writeFileDurably(file: string, bytes: Buffer): Promise<void> {
  await makeDirectoryDurably(path.dirname(file));
  const handle = await open(file, 'wx', 0o644);
  try {
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await unlink(file).catch(() => {});
    throw error;
  }
  await syncDirectory(path.dirname(file));
}
