import { spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EmbeddedLog } from './embedded-server';
import { createPasswordFile } from './password-file';
import { type RunAs, SUPERUSER } from './server-account';

/**
 * Creates the cluster (initdb) in `clusterDir`, with a new random superuser password kept
 * in `passwordFile`.
 */
export async function createCluster(initdb: string, clusterDir: string, passwordFile: string, owner: RunAs, log: EmbeddedLog) {
  // A folder without PG_VERSION is an initdb that did not finish: started again from nothing.
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const password = createPasswordFile(passwordFile);
  // initdb reads the password from a file the server's account can read, then it is removed.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'pg-init-'));
  const pwfile = path.join(scratch, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner.uid !== undefined && owner.gid !== undefined) {
    chownSync(clusterDir, owner.uid, owner.gid);
    chownSync(scratch, owner.uid, owner.gid);
    chownSync(pwfile, owner.uid, owner.gid);
  }
  const started = Date.now();
  const result = spawnSync(
    initdb,
    [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', `--username=${SUPERUSER}`, `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'],
    { encoding: 'utf8', ...owner },
  );
  rmSync(scratch, { recursive: true, force: true });
  if (result.status !== 0) {
    const hint = owner.uid !== undefined ? ` (le compte ${SUPERUSER} doit pouvoir traverser chaque dossier parent de ${clusterDir})` : '';
    throw new Error(`initdb a échoué${hint} : ${result.stderr || result.stdout || result.error?.message}`);
  }
  log.info(`serveur PostgreSQL intégré créé dans ${clusterDir} en ${Date.now() - started} ms`);
}
