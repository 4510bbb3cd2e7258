import {
  type ClientToServerEvents,
  type Locale,
  parseRoom,
  pickLocale,
  type ServerToClientEvents,
  type SocketAuthError,
  statusMessage,
} from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import type { Database } from '../db/client';
import { AppError, messageOf } from '../http/errors';
import type { SocketRevocation } from '../events/event-bus';
import { type AuthenticateAccessToken, authenticateSocket, isSessionLive, type SocketPrincipal } from './socket-auth';
import { type SocketMessages, socketMessages } from './socket-messages';
import { decideRooms, defaultRooms, loadRoomGrants } from './socket-rooms';

export interface SocketData {
  principal?: SocketPrincipal;
  locale: Locale;
  /** Set once `auth:error` was sent: the socket only waits for its grace period to end. */
  refused?: boolean;
  /** Counts `auth` messages: answers of an older one that finish after a newer one are dropped. */
  authAttempts: number;
  /** Drops the socket if no `auth` succeeds in time; cleared (and forgotten) once one does. */
  authTimer?: NodeJS.Timeout;
}

/** What the API processes tell each other through the adapter (Redis), besides room broadcasts. */
export interface InterServerEvents {
  /** A user's account was suspended or removed, or some sessions ended: refuse their sockets on this process too. */
  'sockets:revoked': (revocation: SocketRevocation) => void;
}

export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface ConnectionContext {
  db: Database;
  log: FastifyBaseLogger;
  authenticate: AuthenticateAccessToken;
  productRoom: string;
  authTimeoutMs: number;
  authErrorGraceMs: number;
}

const roomsRequest = z.object({
  rooms: z.union([z.string().min(1).max(120).transform((r) => [r]), z.array(z.string().min(1).max(120)).min(1).max(100)]),
});

/** Turns a failed auth into the `auth:error` answer; unexpected failures are logged, never shown. */
function toAuthError(error: unknown, locale: Locale, log: FastifyBaseLogger): SocketAuthError {
  if (error instanceof AppError && error.status < 500) {
    return { status: error.status, message: messageOf(error, locale) };
  }
  log.error({ err: error }, 'socket auth failed');
  return { status: 500, message: statusMessage(500, locale) };
}

/** Leaves every room but the socket's own id room (which Socket.IO manages). */
function leaveAllRooms(socket: AppSocket) {
  for (const room of [...socket.rooms]) if (room !== socket.id) socket.leave(room);
}

/**
 * Answers `auth:error`, takes the socket out of every room and disconnects it after the
 * grace period, so the client reads the answer before the connection goes.
 */
export function refuseSocket(socket: AppSocket, answer: SocketAuthError, graceMs: number) {
  socket.data.principal = undefined;
  leaveAllRooms(socket);
  socket.emit('auth:error', answer);
  if (socket.data.refused) return;
  socket.data.refused = true;
  setTimeout(() => socket.disconnect(true), graceMs);
}

function disconnectNow(socket: AppSocket) {
  socket.disconnect(true);
}

function stopAuthTimer(socket: AppSocket) {
  clearTimeout(socket.data.authTimer);
  socket.data.authTimer = undefined;
}

/**
 * The protocol of a socket (API.md "Socket"): it must send `auth` within the timeout,
 * may then join and leave the rooms it is allowed in; a refused auth is answered, then
 * the socket is dropped after a grace period so the client can read the answer.
 *
 * The handlers are made once per server and shared by every socket (each reads its own
 * state from `socket.data`, its `this`), so a connected socket holds no closures of its
 * own: at 10,000 sockets the server's memory per socket is what the bench watches.
 */
export function connectionHandler(ctx: ConnectionContext): (socket: AppSocket) => void {
  const refuse = (socket: AppSocket, answer: SocketAuthError) => refuseSocket(socket, answer, ctx.authErrorGraceMs);

  async function auth(socket: AppSocket, payload: unknown) {
    if (socket.data.refused) return; // already refused and on its way out
    const current = ++socket.data.authAttempts;
    const { locale } = socket.data;
    try {
      const { principal, welcome } = await authenticateSocket(ctx.db, ctx.authenticate, payload, socketMessages(locale));
      if (current !== socket.data.authAttempts || socket.disconnected) return;
      // A second auth (refreshed token, other agent) starts again from the default rooms.
      leaveAllRooms(socket);
      socket.data.principal = principal;
      const rooms = defaultRooms(principal.grants, ctx.productRoom);
      socket.join(rooms);
      stopAuthTimer(socket);
      socket.emit('auth:success', { ...welcome, rooms });
    } catch (error) {
      if (current !== socket.data.authAttempts || socket.disconnected) return;
      refuse(socket, toAuthError(error, locale, ctx.log.child({ socket: socket.id })));
    }
  }

  async function join(socket: AppSocket, payload: unknown) {
    const { locale } = socket.data;
    const rooms = readRooms(payload);
    if (!rooms) return void socket.emit('join:room:error', { rooms: [], message: socketMessages(locale).malformed });
    const principal = socket.data.principal;
    if (!principal) return void socket.emit('join:room:error', { rooms, message: statusMessage(401, locale) });
    try {
      if (!(await isSessionLive(ctx.db, principal.sessionId))) {
        return refuse(socket, { status: 499, message: statusMessage(499, locale) });
      }
      // Grants are read again so a membership lost since auth is not honoured.
      principal.grants = await loadRoomGrants(ctx.db, principal.userId);
      if (socket.data.principal !== principal || socket.disconnected) return;
      answerJoin(socket, decideRooms(rooms, principal.grants, ctx.productRoom), socketMessages(locale));
    } catch (error) {
      ctx.log.error({ socket: socket.id, err: error }, 'socket join failed');
      socket.emit('join:room:error', { rooms, message: statusMessage(500, locale) });
    }
  }

  function leave(socket: AppSocket, payload: unknown) {
    const { locale } = socket.data;
    const rooms = readRooms(payload);
    if (!rooms) return void socket.emit('leave:room:error', { rooms: [], message: socketMessages(locale).malformed });
    if (!socket.data.principal) {
      return void socket.emit('leave:room:error', { rooms, message: statusMessage(401, locale) });
    }
    const unknown = rooms.filter((room) => parseRoom(room, ctx.productRoom) === null);
    const left = rooms.filter((room) => !unknown.includes(room));
    // Leaving a room the socket is not in is a no-op, so it is answered as a success.
    for (const room of left) socket.leave(room);
    if (left.length) socket.emit('leave:room:success', { rooms: left });
    if (unknown.length) socket.emit('leave:room:error', { rooms: unknown, message: socketMessages(locale).roomsUnknown(unknown) });
  }

  // Socket.IO calls a listener with the socket as `this`.
  function onAuth(this: AppSocket, payload: unknown) {
    return auth(this, payload);
  }
  function onJoin(this: AppSocket, payload: unknown) {
    return join(this, payload);
  }
  function onLeave(this: AppSocket, payload: unknown) {
    leave(this, payload);
  }
  function onDisconnect(this: AppSocket) {
    stopAuthTimer(this);
  }

  return (socket) => {
    socket.data.locale = pickLocale(socket.handshake.headers['accept-language']);
    socket.data.authAttempts = 0;
    socket.data.authTimer = setTimeout(disconnectNow, ctx.authTimeoutMs, socket);
    socket.on('auth', onAuth);
    socket.on('join:room', onJoin);
    socket.on('leave:room', onLeave);
    socket.on('disconnect', onDisconnect);
  };
}

function readRooms(payload: unknown): string[] | null {
  const parsed = roomsRequest.safeParse(payload);
  return parsed.success ? [...new Set(parsed.data.rooms)] : null;
}

function answerJoin(socket: AppSocket, decision: ReturnType<typeof decideRooms>, messages: SocketMessages) {
  if (decision.allowed.length) {
    socket.join(decision.allowed);
    socket.emit('join:room:success', { rooms: decision.allowed });
  }
  if (decision.refused.length) {
    socket.emit('join:room:error', { rooms: decision.refused, message: messages.roomsRefused(decision.refused) });
  }
  if (decision.unknown.length) {
    socket.emit('join:room:error', { rooms: decision.unknown, message: messages.roomsUnknown(decision.unknown) });
  }
}
