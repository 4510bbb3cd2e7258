import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config';
import { DataDirBusyError } from '../db/embedded/data-lock';
import { backupEmbedded, restoreEmbedded } from './embedded-backup';
import { copyTree } from './file-copy';
import { backupServer, restoreServer } from './server-backup';

/**
 * `npm run backup [-- --to DIR]` and `npm run restore -- --from DIR`: the database (the
 * embedded server's base backup, or pg_dump of the server DATABASE_URL names) and the
 * uploaded files (DATA_DIR/uploads), in one folder with a manifest. The database is
 * copied first and the files after it, so that every file a restored row names is there
 * (a file uploaded meanwhile is an orphan, which the upload sweep removes).
 */
interface Manifest {
  format: 1;
  kind: 'embedded' | 'server';
  created_at: string;
  database: Record<string, unknown>;
  uploads: { files: number; bytes: number };
}

const log = {
  info: (message: string) => process.stdout.write(`${message}\n`),
  warn: (message: string) => process.stderr.write(`${message}\n`),
};

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new UsageError(`${name} attend un dossier`);
  return value;
}

class UsageError extends Error {}

async function backup(config: Config, args: string[]): Promise<void> {
  const target = path.resolve(option(args, '--to') ?? path.join(config.BACKUP_DIR, stamp()));
  if (existsSync(target)) throw new UsageError(`${target} existe déjà : une sauvegarde va dans un dossier neuf.`);
  // Written under a temporary name, renamed once complete: a folder with the final name is a whole backup.
  const partial = `${target}.partial`;
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  let database: Record<string, unknown>;
  let kind: Manifest['kind'];
  if (config.DATABASE_URL) {
    kind = 'server';
    await backupServer(config.DATABASE_URL, path.join(partial, 'database.dump'), config.PG_BIN_DIR);
    database = { file: 'database.dump', format: 'pg_dump custom' };
  } else {
    kind = 'embedded';
    const result = await backupEmbedded(config.DATA_DIR, partial, log);
    database = { folder: 'postgres', files: result.files, bytes: result.bytes, start_lsn: result.startLsn, stop_lsn: result.stopLsn };
  }
  const uploads = copyTree(path.join(config.DATA_DIR, 'uploads'), path.join(partial, 'uploads'));
  const manifest: Manifest = { format: 1, kind, created_at: new Date().toISOString(), database, uploads };
  writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(partial, target);
  log.info(`sauvegarde écrite : ${target} (base ${kind === 'embedded' ? 'intégrée' : 'du serveur DATABASE_URL'}, ${uploads.files} fichiers envoyés)`);
}

async function restore(config: Config, args: string[]): Promise<void> {
  const fromArg = option(args, '--from');
  if (!fromArg) throw new UsageError('donnez la sauvegarde à restaurer : npm run restore -- --from DOSSIER');
  const source = path.resolve(fromArg);
  const manifestFile = path.join(source, 'manifest.json');
  if (!existsSync(manifestFile)) throw new UsageError(`${source} n'est pas une sauvegarde complète (manifest.json absent).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const suffix = stamp();
  if (manifest.kind === 'server') {
    if (!config.DATABASE_URL) throw new UsageError('cette sauvegarde vient d’un serveur PostgreSQL séparé : donnez DATABASE_URL (la base où la restaurer).');
    await restoreServer(path.join(source, 'database.dump'), config.DATABASE_URL, config.PG_BIN_DIR);
  } else {
    if (config.DATABASE_URL) {
      throw new UsageError('cette sauvegarde est celle de la base intégrée (une copie de ses fichiers) : restaurez-la sans DATABASE_URL, dans DATA_DIR.');
    }
    await restoreEmbedded(source, config.DATA_DIR, suffix, log);
  }
  const uploads = path.join(config.DATA_DIR, 'uploads');
  if (existsSync(uploads)) {
    renameSync(uploads, `${uploads}.before-restore-${suffix}`);
    log.info(`fichiers envoyés actuels mis de côté : ${uploads}.before-restore-${suffix}`);
  }
  const copied = copyTree(path.join(source, 'uploads'), uploads);
  log.info(`restauration terminée depuis ${source} (${copied.files} fichiers envoyés) ; démarrez le serveur (npm start).`);
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  try {
    if (command === 'backup') await backup(config, args);
    else if (command === 'restore') await restore(config, args);
    else throw new UsageError('usage : backup [--to DOSSIER] | restore --from DOSSIER');
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof DataDirBusyError) {
      const hint = error instanceof DataDirBusyError ? ' Arrêtez le serveur avant de restaurer.' : '';
      process.stderr.write(`${error.message}${hint}\n`);
      return 2;
    }
    process.stderr.write(`${(error as Error).stack ?? error}\n`);
    return 1;
  }
}

main().then((code) => process.exit(code));
