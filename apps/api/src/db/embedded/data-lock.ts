import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { processAlive, processStartTime } from './processes';

export class DataDirBusyError extends Error {}

interface Holder {
  pid: number;
  /** The process's start time (Linux), so that a pid reused after a restart is not taken for the holder. */
  started?: string;
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

function holderAlive(holder: Holder): boolean {
  if (!processAlive(holder.pid)) return false;
  const started = processStartTime(holder.pid);
  return !holder.started || !started || started === holder.started;
}

/**
 * Takes the data folder for this process (`DATA_DIR/server.pid`): one API process per
 * folder with the embedded database, so a second `npm start` on it is refused with a
 * clear message instead of fighting the first over its database. A lock left by a process
 * that died (SIGKILL, power cut) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.pid');
  const me: Holder = { pid: process.pid, started: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      return () => {
        if (readHolder(file)?.pid === process.pid) unlinkSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && holder.pid !== process.pid && holderAlive(holder)) {
      throw new DataDirBusyError(
        `Le dossier de données ${dataDir} est déjà utilisé par un autre serveur de l'application (processus ${holder.pid}). ` +
          'Arrêtez-le d’abord, ou démarrez celui-ci avec un autre DATA_DIR (ou DATABASE_URL vers un serveur PostgreSQL partagé).',
      );
    }
    // Left by a process that is gone: taken over.
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirBusyError(`Le dossier de données ${dataDir} n'a pas pu être réservé (${file}).`);
}
