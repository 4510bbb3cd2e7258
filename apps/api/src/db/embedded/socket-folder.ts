import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { RunAs } from './server-account';

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
export function socketFolder(dataDir: string, port: number, owner: RunAs): string | undefined {
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
