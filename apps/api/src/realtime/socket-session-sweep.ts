import { statusMessage } from '@app/contracts';
import type { Database } from '../db/client';
import { findRevokedSessions } from './socket-auth';
import { type AppSocket, refuseSocket } from './socket-connection';
import type { SocketServer } from './socket-server';

/**
 * How often a process looks for its sockets whose session ended (logout, a device
 * signed out from the devices page, password change). Joins check it at once; this
 * bounds how long a socket that only listens keeps receiving the user's events.
 */
export const SESSION_SWEEP_INTERVAL_MS = 60_000;

/** Refuses (499, then disconnects) this process's sockets whose session was revoked; returns how many. */
export async function dropRevokedSockets(io: SocketServer, db: Database, graceMs: number): Promise<number> {
  const signedIn: AppSocket[] = [];
  for (const socket of io.of('/').sockets.values()) if (socket.data.principal) signedIn.push(socket);
  if (!signedIn.length) return 0;
  const revoked = await findRevokedSessions(db, [...new Set(signedIn.map((s) => s.data.principal!.sessionId))]);
  let dropped = 0;
  for (const socket of signedIn) {
    const principal = socket.data.principal;
    if (!principal || !revoked.has(principal.sessionId)) continue;
    refuseSocket(socket, { status: 499, message: statusMessage(499, socket.data.locale) }, graceMs);
    dropped++;
  }
  return dropped;
}
