import { statusMessage } from '@app/contracts';
import type { Database } from '../db/client';
import { findRevokedSessions } from './socket-auth';
import { type AppSocket, refuseSocket } from './socket-connection';
import { lapsedRooms, loadRoomGrantsOf } from './socket-rooms';
import type { SocketServer } from './socket-server';

/**
 * How often a process looks for its sockets whose session ended (logout, a device
 * signed out from the devices page, password change) or that sit in a room they lost.
 * Joins check both at once; a suspended or removed agent's room, and the agent rooms
 * of a suspended or deleted company, are left at once (`EventBus.revokeRoom`), and a
 * suspended or removed user's sockets are dropped at once (`EventBus.revokeUser`);
 * this bounds what a socket that only listens can miss (a join racing the change, a
 * Redis message lost, a change made outside these services).
 */
export const SESSION_SWEEP_INTERVAL_MS = 60_000;

function signedInSockets(io: SocketServer): AppSocket[] {
  const signedIn: AppSocket[] = [];
  for (const socket of io.of('/').sockets.values()) if (socket.data.principal) signedIn.push(socket);
  return signedIn;
}

/** Refuses (499, then disconnects) this process's sockets whose session was revoked; returns how many. */
export async function dropRevokedSockets(io: SocketServer, db: Database, graceMs: number): Promise<number> {
  const signedIn = signedInSockets(io);
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

/**
 * Refuses (499, then disconnects) this process's sockets signed in as this user, whatever
 * rooms they are in (a socket may have left its own user room); returns how many.
 */
export function dropUserSockets(io: SocketServer, userId: number, graceMs: number): number {
  let dropped = 0;
  for (const socket of signedInSockets(io)) {
    if (socket.data.principal?.userId !== userId) continue;
    refuseSocket(socket, { status: 499, message: statusMessage(499, socket.data.locale) }, graceMs);
    dropped++;
  }
  return dropped;
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
