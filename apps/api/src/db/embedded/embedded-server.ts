import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresBinaries } from './binaries';
import { processAlive, processCommandLine, processName, waitForExit } from './processes';

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

const SUPERUSER = 'postgres';
/** Startup includes crash recovery after a power cut, which replays the WAL: generous. */
const START_TIMEOUT_MS = 10 * 60_000;
const STOP_TIMEOUT_MS = 60_000;
const SMART_STOP_MS = 5_000;

/**
 * Waits (up to a time) for the server to exit: the child's exit event when this process
 * started it (its pid stays taken until it is reaped), else its pid going away.
 */
function exitWatch(child: ChildProcess | undefined, pid: number): (timeoutMs: number) => Promise<boolean> {
  const exited = child ? new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()))) : undefined;
  return async (timeoutMs) => {
    if (!exited) return waitForExit(pid, timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((r) => {
      timer = setTimeout(() => r(false), timeoutMs);
    });
    const done = await Promise.race([exited.then(() => true), late]);
    clearTimeout(timer);
    return done;
  };
}

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
function reachable(dataDir: string, log: EmbeddedLog) {
  const mode = statSync(dataDir).mode & 0o7777;
  if ((mode & 0o001) === 0) {
    chmodSync(dataDir, mode | 0o001);
    log.info(`${dataDir} : droit de traverser donné aux autres comptes (le serveur PostgreSQL tourne sous le compte ${SUPERUSER})`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Reads the password, written with owner-only rights at the cluster's creation. */
function readPassword(file: string, log: EmbeddedLog): string {
  if (!existsSync(file)) {
    throw new Error(`Le mot de passe du serveur PostgreSQL intégré (${file}) manque : restaurez-le depuis une sauvegarde du dossier de données.`);
  }
  if ((statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
    log.warn(`${file} était lisible par d'autres comptes : ramené au seul propriétaire`);
  }
  return readFileSync(file, 'utf8').trim();
}

async function initialise(initdb: string, clusterDir: string, passwordFile: string, owner: RunAs, log: EmbeddedLog) {
  // A folder without PG_VERSION is an initdb that did not finish: started again from nothing.
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('hex');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  chmodSync(passwordFile, 0o600);
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

/** The server a killed API left running on this cluster, if any: its pid, port and socket folder (postmaster.pid). */
function orphanOf(clusterDir: string): { pid: number; port: number; socketDir?: string } | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return undefined;
  // A pid reused after a restart by another program, or by another PostgreSQL server
  // (the machine's), is not ours: ours was started on this very folder.
  const name = processName(pid);
  if (name !== undefined && !name.startsWith('postgres')) return undefined;
  const args = processCommandLine(pid);
  if (args && args[args.indexOf('-D') + 1] !== clusterDir) return undefined;
  // Line 5: the first socket folder, empty when the server listens on TCP only.
  return { pid, port, socketDir: lines[4]?.trim() || undefined };
}

/**
 * Whether a live process could be a PostgreSQL server on this cluster under another
 * spelling of its path (a symbolic link): then its lock is left alone, and PostgreSQL
 * refuses to start a second server. A process of another name, a backend (no -D) or a
 * server of another folder (the machine's) is not.
 */
function mayBeOurServer(pid: number, clusterDir: string): boolean {
  if (!processAlive(pid)) return false;
  const name = processName(pid);
  if (name === undefined) return true;
  if (!name.startsWith('postgres')) return false;
  const args = processCommandLine(pid);
  const at = args?.indexOf('-D') ?? -1;
  if (!args || at < 0) return args === undefined;
  try {
    const theirs = realpathSync(path.resolve(realpathSync(`/proc/${pid}/cwd`), args[at + 1]));
    return theirs === realpathSync(clusterDir);
  } catch {
    return true;
  }
}

/**
 * A `postmaster.pid` that names no server of ours (no orphan was found) is stale: after a
 * machine restart its pid is free, or taken by another program, and PostgreSQL refuses to
 * start while that pid lives ("lock file already exists"). Removed, with a word in the log;
 * PostgreSQL then replays its WAL as after any crash.
 */
function clearStaleLock(clusterDir: string, log: EmbeddedLog) {
  const file = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && mayBeOurServer(pid, clusterDir)) return; // PostgreSQL's own check decides
  unlinkSync(file);
  log.warn(`${file} laissé par un serveur arrêté brutalement (processus ${pid}, absent ou étranger à ce dossier, après un redémarrage de la machine) : retiré`);
}

async function waitUntilReady(adminUrl: string, child: ChildProcess | undefined, pid: number, logFile: string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child ? child.exitCode !== null || child.signalCode !== null : !processAlive(pid)) {
      throw new Error(`Le serveur PostgreSQL intégré s'est arrêté au démarrage : voir ${logFile}`);
    }
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`Le serveur PostgreSQL intégré ne répond pas (${(error as Error).message}) : voir ${logFile}`);
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((r) => setTimeout(r, 100));
  }
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

/** sun_path holds 108 bytes with its final NUL: PostgreSQL refuses a longer socket path. */
const SOCKET_PATH_MAX = 107;

/**
 * The folder of the server's Unix-domain socket: `<dataDir>/postgres-socket`, owner-only
 * (as root, owned by the server's account, which creates the socket in it). The API talks
 * to the server through it: on loopback TCP every statement pays the TCP stack on both
 * ends, which a local socket skips (docs/PERFORMANCE.md, issue 18). Beside the cluster,
 * not in it, so that a backup's copy of `postgres/` never meets a socket file. Undefined
 * (TCP on 127.0.0.1 only) when the socket's path would pass the system's limit, or when
 * the folder's name holds a character PostgreSQL's list of folders would split on.
 */
function socketFolder(dataDir: string, port: number, owner: RunAs): string | undefined {
  const dir = path.resolve(dataDir, 'postgres-socket');
  if (Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) > SOCKET_PATH_MAX || /[,\s'"\\]/.test(dir)) return undefined;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  // Called only when no server of ours runs on the cluster: a socket's lock file left by a
  // power cut names a pid that another program may hold after the reboot, and PostgreSQL
  // would then refuse to start on that port, as with postmaster.pid (clearStaleLock).
  if (!existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))) {
    for (const entry of readdirSync(dir)) if (entry.startsWith('.s.PGSQL.')) rmSync(path.join(dir, entry), { force: true });
  }
  if (owner.uid !== undefined && owner.gid !== undefined) chownSync(dir, owner.uid, owner.gid);
  return dir;
}

function durability(throwaway: boolean): string[] {
  const value = throwaway ? 'off' : 'on';
  return ['-c', `fsync=${value}`, '-c', `full_page_writes=${value}`, '-c', `synchronous_commit=${value}`];
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
  const binaries = await postgresBinaries();
  const owner = runAs();
  if (owner.uid !== undefined) reachable(dataDir, log);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await initialise(binaries.initdb, clusterDir, passwordFile, owner, log);
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
    log.info(`serveur PostgreSQL intégré démarré en ${Date.now() - started} ms (${where}, journal ${logFile})`);
  }
  const adminUrl = urlOf(password, port, 'postgres', socketDir);
  if (orphan) await waitUntilReady(adminUrl, undefined, pid, logFile);
  await ensureDatabase(adminUrl, database);

  const gone = exitWatch(child, pid);
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      // Smart shutdown first: the pool's connections may still be closing (pg's pool.end()
      // resolves before its sockets are closed), so they end on their own, unwarned; then
      // fast shutdown (open transactions rolled back) for whatever still holds on. Both
      // write a checkpoint.
      for (const [signal, waitMs] of [['SIGTERM', SMART_STOP_MS], ['SIGINT', STOP_TIMEOUT_MS]] as const) {
        try {
          process.kill(pid, signal);
        } catch {
          return; // already gone
        }
        if (await gone(waitMs)) return;
      }
      log.warn(`le serveur PostgreSQL intégré (processus ${pid}) ne s'est pas arrêté en ${(SMART_STOP_MS + STOP_TIMEOUT_MS) / 1000} s`);
    })();
    return stopped;
  };
  return { url: urlOf(password, port, database, socketDir), adminUrl, stop };
}
