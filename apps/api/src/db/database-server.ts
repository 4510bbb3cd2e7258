import type { Config } from '../config';
import { DataDirBusyError, lockDataDir } from './embedded/data-lock';
import { type EmbeddedLog, startEmbeddedServer } from './embedded/embedded-server';
import { importPgliteFolder } from './embedded/pglite-import';

export { DataDirBusyError };

/** The application's database inside the embedded server's cluster. */
export const EMBEDDED_DATABASE = 'enquetes';

export interface DatabaseServer {
  /** Where the API connects. */
  url: string;
  /** Whether it is the embedded server (started and stopped with the API). */
  embedded: boolean;
  /** Stops the embedded server and frees the data folder; nothing with DATABASE_URL. */
  stop(): Promise<void>;
}

/**
 * The API's PostgreSQL: the server DATABASE_URL names, or the embedded one of DATA_DIR,
 * started before the API (the folder locked against a second API, a PGlite folder of an
 * earlier release imported into it) and stopped after it.
 */
export async function startDatabaseServer(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, log: EmbeddedLog): Promise<DatabaseServer> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: false, stop: async () => {} };
  const release = lockDataDir(config.DATA_DIR);
  let stopServer = async () => {};
  try {
    const server = await startEmbeddedServer({ dataDir: config.DATA_DIR, database: EMBEDDED_DATABASE, log });
    stopServer = server.stop;
    await importPgliteFolder({ dataDir: config.DATA_DIR, adminUrl: server.adminUrl, database: EMBEDDED_DATABASE, log });
    let stopped: Promise<void> | undefined;
    const stop = () => {
      stopped ??= server.stop().finally(release);
      return stopped;
    };
    return { url: server.url, embedded: true, stop };
  } catch (error) {
    await stopServer().catch(() => {});
    release();
    throw error;
  }
}
