import { readFileSync, realpathSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { EmbeddedLog } from './embedded-server';
import { processAlive, processCommandLine, processName } from './processes';

// What a previous run left on the cluster, read from its `postmaster.pid`: a server still
// running after the API was killed (taken over), or a stale lock after a machine restart
// (removed).

/** The server a killed API left running on this cluster, if any: its pid, port and socket folder (postmaster.pid). */
export function orphanOf(clusterDir: string): { pid: number; port: number; socketDir?: string } | undefined {
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
export function clearStaleLock(clusterDir: string, log: EmbeddedLog) {
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
