import { statusMessage } from '@app/contracts';
import type { Database } from '../db/client';
import type { SocketRevocation } from '../events/event-bus';
import { findRevokedSessions, type SocketPrincipal } from './socket-auth';
import { type AppSocket, refuseSocket } from './socket-connection';
import { lapsedRooms, loadRoomGrantsOf } from './socket-rooms';
import type { SocketServer } from './socket-server';

/**
 * How often a process looks for its sockets whose session ended (logout, a device
 * signed out from the devices page, password change) or that sit in a room they lost.
 * Joins check both at once; a suspended or removed agent's room, and the agent rooms
 * of a suspended or deleted company, are left at once (`EventBus.revokeRoom`), and a
 * suspended or removed user's sockets, and those of sessions ended through the auth
 * services, are dropped at once (`EventBus.revokeUser`, `EventBus.revokeSessions`);
 * this bounds what a socket that only listens can miss (a join racing the change, a
 * Redis message lost, a change made outside these services).
 */
export const SESSION_SWEEP_INTERVAL_MS = 60_000;

function signedInSockets(io: SocketServer): AppSocket[] {
  const signedIn: AppSocket[] = [];
  for (const socket of io.of('/').sockets.values()) if (socket.data.principal) signedIn.push(socket);
  return signedIn;
}

/** Refuses (499, then disconnects) this process's signed-in sockets whose principal matches; returns how many. */
function refuseSignedIn(io: SocketServer, matches: (principal: SocketPrincipal) => boolean, graceMs: number): number {
  let dropped = 0;
  for (const socket of signedInSockets(io)) {
    if (!matches(socket.data.principal!)) continue;
    refuseSocket(socket, { status: 499, message: statusMessage(499, socket.data.locale) }, graceMs);
    dropped++;
  }
  return dropped;
}

/** Refuses (499, then disconnects) this process's sockets whose session was revoked; returns how many. */
export async function dropRevokedSockets(io: SocketServer, db: Database, graceMs: number): Promise<number> {
  const signedIn = signedInSockets(io);
  if (!signedIn.length) return 0;
  const revoked = await findRevokedSessions(db, [...new Set(signedIn.map((s) => s.data.principal!.sessionId))]);
  if (!revoked.size) return 0;
  return refuseSignedIn(io, (principal) => revoked.has(principal.sessionId), graceMs);
}

/**
 * Refuses (499, then disconnects) this process's sockets named by the revocation: every
 * socket signed in as the user whatever rooms it is in (a socket may have left its own
 * user room), or the sockets of those sessions only; returns how many.
 */
export function dropRevokedPrincipals(io: SocketServer, revocation: SocketRevocation, graceMs: number): number {
  if ('userId' in revocation) return refuseSignedIn(io, (principal) => principal.userId === revocation.userId, graceMs);
  const sessionIds = new Set(revocation.sessionIds);
  return refuseSignedIn(io, (principal) => sessionIds.has(principal.sessionId), graceMs);
}

/**
 * Takes this process's sockets out of the rooms their user may no longer listen to
 * (agent suspended or removed, company suspended or deleted, chatroom left) and
 * refreshes their grants; returns how many rooms were left.
 */
export async function dropLapsedRooms(io: SocketServer, db: Database, productRoom: string): Promise<number> {
  const signedIn = signedInSockets(io);
  if (!signedIn.length) return 0;
  const grants = await loadRoomGrantsOf(db, [...new Set(signedIn.map((s) => s.data.principal!.userId))]);
  let left = 0;
  for (const socket of signedIn) {
    const principal = socket.data.principal;
    const fresh = principal && grants.get(principal.userId);
    if (!principal || !fresh) continue; // signed out or re-authenticated as someone else meanwhile
    principal.grants = fresh;
    for (const room of lapsedRooms(socket.rooms, fresh, productRoom)) {
      socket.leave(room);
      left++;
    }
  }
  return left;
}
