import { spawnSync } from 'node:child_process';
import { chmodSync, statSync } from 'node:fs';
import type { EmbeddedLog } from './embedded-server';

/** The cluster's superuser, and the system account the server runs under as root. */
export const SUPERUSER = 'postgres';

export interface RunAs {
  uid?: number;
  gid?: number;
}

/**
 * PostgreSQL refuses to run as root: as root, the server runs as the `postgres` account
 * (created when missing, as the package does) and owns its cluster folder.
 */
export function runAs(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => spawnSync('id', [flag, SUPERUSER], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    const created = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER], { encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`Impossible de créer le compte système ${SUPERUSER} pour le serveur PostgreSQL intégré : ${created.stderr}`);
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

/**
 * As root, the server's account must be able to pass through the data folder to reach its
 * cluster: the folder gets the "search" right for others (not "read": its list of files
 * stays private, and `uploads/` keeps its own rights).
 */
export function reachable(dataDir: string, log: EmbeddedLog) {
  const mode = statSync(dataDir).mode & 0o7777;
  if ((mode & 0o001) === 0) {
    chmodSync(dataDir, mode | 0o001);
    log.info(`${dataDir} : droit de traverser donné aux autres comptes (le serveur PostgreSQL tourne sous le compte ${SUPERUSER})`);
  }
}
