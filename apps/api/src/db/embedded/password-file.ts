import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { EmbeddedLog } from './embedded-server';

/**
 * The superuser's password of the embedded cluster (`<dataDir>/postgres-password`): made
 * at random when the cluster is created, kept with owner-only rights, read at each start.
 */

/** A new random password, written with owner-only rights; returns it. */
export function createPasswordFile(file: string): string {
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return password;
}

/** Reads the password, written with owner-only rights at the cluster's creation. */
export function readPassword(file: string, log: EmbeddedLog): string {
  if (!existsSync(file)) {
    throw new Error(`Le mot de passe du serveur PostgreSQL intégré (${file}) manque : restaurez-le depuis une sauvegarde du dossier de données.`);
  }
  if ((statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
    log.warn(`${file} était lisible par d'autres comptes : ramené au seul propriétaire`);
  }
  return readFileSync(file, 'utf8').trim();
}
