import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresBinaries } from './binaries';
import { createCluster } from './create-cluster';
import { clearStaleLock, orphanOf } from './orphan-server';
import { readPassword } from './password-file';
import { freePort } from './free-port';
import { durability, serverStopper, waitUntilReady } from './postgres-process';
import { reachable, runAs, SUPERUSER } from './server-account';
import { socketFolder } from './socket-folder';

// The embedded PostgreSQL server of a data folder. Its parts, each in its own file: the
// system account it runs under (server-account.ts), the cluster's creation
// (create-cluster.ts) and password (password-file.ts), what a previous run left behind
// (orphan-server.ts: a server still running, a stale postmaster.pid), the socket folder
// (socket-folder.ts), and the process itself: start, readiness, stop (postgres-process.ts).

export interface EmbeddedLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface EmbeddedServer {
  /** The application's database on the embedded server. */
  url: string;
  /** The server's `postgres` database, for administration (creating and dropping databases). */
  adminUrl: string;
  /** Fast shutdown (the clients are gone by then), waits until the server has exited. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The data folder (DATA_DIR): the cluster lives in `postgres/`, its password in `postgres-password`. */
  dataDir: string;
  /** The application's database, created when missing. */
  database: string;
  log: EmbeddedLog;
  /**
   * A throwaway cluster (the API tests' temporary server): fsync and synchronous commits
   * off, since nothing in it must outlive a crash. Never for a data folder.
   */
  throwaway?: boolean;
}

async function ensureDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * With a socket folder, `?host=` sends `pg` (and libpq) through the socket; the URL keeps
 * 127.0.0.1 and the port, so that code replacing its database name by `new URL` still works.
 */
function urlOf(password: string, port: number, database: string, socketDir?: string) {
  const socket = socketDir ? `?host=${encodeURIComponent(socketDir)}` : '';
  return `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${database}${socket}`;
}

/**
 * Starts the PostgreSQL server of the data folder (creating it on first start), or takes
 * over the one a killed API left running on it (found through its `postmaster.pid`), and
 * makes sure the application's database exists. The server listens on a Unix-domain socket
 * in `postgres-socket/` (what the returned URLs use) and on 127.0.0.1, on a free port, with
 * a random password; it runs in its own process group, so a Ctrl-C in
 * the terminal reaches the API only, which stops the server once it has drained.
 * Durability is PostgreSQL's own: fsync, full-page writes and synchronous commits on.
 * The caller holds the folder's lock (`lockDataDir`).
 */
export async function startEmbeddedServer(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const { dataDir, database, log } = options;
  mkdirSync(dataDir, { recursive: true });
  const clusterDir = path.resolve(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  const logFile = path.join(dataDir, 'postgres.log');
  const owner = runAs();
  const binaries = await postgresBinaries(owner);
  if (owner.uid !== undefined) reachable(dataDir, log);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await createCluster(binaries.initdb, clusterDir, passwordFile, owner, log);
  const password = readPassword(passwordFile, log);

  let child: ChildProcess | undefined;
  let pid: number;
  let port: number;
  let socketDir: string | undefined;
  const orphan = orphanOf(clusterDir);
  if (orphan) {
    // The API was killed (SIGKILL, OOM) and its server kept running: taken over, never a
    // second server on the same folder (PostgreSQL would refuse one anyway).
    ({ pid, port, socketDir } = orphan);
    log.warn(`serveur PostgreSQL intégré resté actif après un arrêt brutal de l'API (processus ${pid}, port ${port}) : repris`);
  } else {
    clearStaleLock(clusterDir, log);
    port = await freePort();
    socketDir = socketFolder(dataDir, port, owner);
    const out = openSync(logFile, 'a', 0o600);
    const started = Date.now();
    child = spawn(
      binaries.postgres,
      [
        '-D', clusterDir,
        '-p', String(port),
        '-c', 'listen_addresses=127.0.0.1',
        '-c', `unix_socket_directories=${socketDir ?? ''}`,
        ...durability(options.throwaway === true),
      ],
      { detached: true, stdio: ['ignore', out, out], ...owner },
    );
    closeSync(out);
    child.unref();
    if (child.pid === undefined) throw new Error(`Le serveur PostgreSQL intégré n'a pas pu être lancé (${binaries.postgres})`);
    pid = child.pid;
    await waitUntilReady(urlOf(password, port, 'postgres', socketDir), child, pid, logFile);
    const where = socketDir ? `socket ${socketDir}, 127.0.0.1:${port}` : `127.0.0.1:${port}`;
    log.info(`serveur PostgreSQL intégré démarré en ${Date.now() - started} ms (${where}, ${binaries.build}, journal ${logFile})`);
  }
  const adminUrl = urlOf(password, port, 'postgres', socketDir);
  if (orphan) await waitUntilReady(adminUrl, undefined, pid, logFile);
  await ensureDatabase(adminUrl, database);

  const stop = serverStopper(child, pid, log);
  return { url: urlOf(password, port, database, socketDir), adminUrl, stop };
}
