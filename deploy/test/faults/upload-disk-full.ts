// The upload folder (a 16 MB tmpfs of its own) filled to the last byte for ten seconds,
// then freed: uploads answer 507 meanwhile (never 500), nothing else notices, and uploads
// succeed again once space is back.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sleep } from '../processes';
import type { Fault } from './fault';

/** Mounts a 16 MB tmpfs on `dataDir`/uploads; its path, or why it could not. */
export function mountUploads(dataDir: string): { mounted: string } | { reason: string } {
  const uploads = path.join(dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0755', 'tmpfs', uploads], { encoding: 'utf8' });
  return mounted.status === 0 ? { mounted: uploads } : { reason: mounted.stderr.trim() || 'not root' };
}

export function unmountUploads(uploads: string) {
  spawnSync('umount', [uploads]);
}

const fillerOf = (uploads: string) => path.join(uploads, 'filler');

export const uploadDiskFull: Fault = {
  key: 'upload',
  name: 'upload disk full',
  note: 'upload folder on a 16 MB tmpfs filled to the last byte for 10 s, then freed',
  withUploads: true,
  unavailable: ({ uploadsMount }) => (uploadsMount ? null : 'no tmpfs of its own for the upload folder (needs root)'),
  async inject({ uploadsMount }) {
    // Every byte left taken: uploads have nowhere to go until the space is freed.
    spawnSync('dd', ['if=/dev/zero', `of=${fillerOf(uploadsMount as string)}`, 'bs=1M', 'count=64'], { encoding: 'utf8' });
    await sleep(10_000);
  },
  async recover({ uploadsMount }) {
    rmSync(fillerOf(uploadsMount as string), { force: true });
  },
};
