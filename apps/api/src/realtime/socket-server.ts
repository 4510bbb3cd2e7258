import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH, userRoom } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Config } from '../config';
import { authenticateAccessToken } from '../modules/identity/auth/sessions.service';
import type { SocketRevocation } from '../events/event-bus';
import { connectRedisAdapter } from './redis-adapter';
import type { AuthenticateAccessToken } from './socket-auth';
import { connectionHandler, type InterServerEvents, type SocketData } from './socket-connection';
import { dropLapsedRooms, dropRevokedPrincipals, dropRevokedSockets, SESSION_SWEEP_INTERVAL_MS } from './socket-session-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server on this app's HTTP server (services publish on `events` instead). */
    io: SocketServer;
  }
}

export interface SocketServerOptions {
  authenticate: AuthenticateAccessToken;
  productRoom: string;
  authTimeoutMs: number;
  authErrorGraceMs: number;
  /** When set, broadcasts go through Redis so every API process delivers them. */
  redisUrl?: string;
  /** Prefix of this deployment's Redis keys and channels. */
  redisKeyPrefix: string;
}

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Client messages are a token or a list of room names; anything larger is refused by engine.io. */
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;

/**
 * Attaches Socket.IO to the app's own HTTP server (same port, path /socket.io) and
 * delivers the app's EventBus events to their rooms. Nothing listens until the app
 * does, so `app.inject` tests are unaffected; closing the app closes the sockets first.
 */
export function attachSocketServer(app: FastifyInstance, options: SocketServerOptions): SocketServer {
  const log = app.log.child({ module: 'socket' });
  const redis = options.redisUrl ? connectRedisAdapter(options.redisUrl, options.redisKeyPrefix, log) : null;
  const io: SocketServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    transports: ['polling', 'websocket'],
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    ...(redis ? { adapter: redis.adapter } : {}),
  });

  io.on(
    'connection',
    connectionHandler({
      db: app.db,
      log,
      authenticate: options.authenticate,
      productRoom: options.productRoom,
      authTimeoutMs: options.authTimeoutMs,
      authErrorGraceMs: options.authErrorGraceMs,
    }),
  );

  const sweep = setInterval(() => {
    dropRevokedSockets(io, app.db, options.authErrorGraceMs)
      .then(() => dropLapsedRooms(io, app.db, options.productRoom))
      .catch((err) => log.error({ err }, 'socket session sweep failed'));
  }, SESSION_SWEEP_INTERVAL_MS);
  sweep.unref();

  const unsubscribe = app.events.subscribe((event) => {
    // Event names are the contracts' SocketEventName; the bus itself is untyped.
    (io.to(event.room) as any).emit(event.name, { room: event.room, data: event.data });
  });
  // Through the adapter, not `io.local`: with Redis the sockets of every process leave.
  const unsubscribeRevocations = app.events.onRoomRevoked((rooms) => io.in(rooms).socketsLeave(rooms));
  const unsubscribeMoves = app.events.onUsersMoved(({ userIds, room, join }) => {
    const sockets = io.in(userIds.map((id) => userRoom(id)));
    if (join) sockets.socketsJoin(room);
    else sockets.socketsLeave(room);
  });
  // A revoked user's or sessions' sockets: this process refuses its own, and tells the
  // others (each answers its sockets in their own language). Without Redis there are no others.
  const dropRevoked = (revocation: SocketRevocation) => dropRevokedPrincipals(io, revocation, options.authErrorGraceMs);
  io.on('sockets:revoked', dropRevoked);
  const unsubscribeSockets = app.events.onSocketsRevoked((revocation) => {
    dropRevoked(revocation);
    if (redis) io.serverSideEmit('sockets:revoked', revocation);
  });

  if (redis) app.addHook('onReady', () => redis.ready());
  app.decorate('io', io);
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    unsubscribe();
    unsubscribeRevocations();
    unsubscribeMoves();
    unsubscribeSockets();
    // Closes engine.io (every connection of this process, pending polls, half-open
    // handshakes) without closing the HTTP server, which Fastify closes itself right after.
    // Transports closed, not sockets disconnected: a client told "io server disconnect"
    // stays away, one that lost its transport reconnects at once (through the load
    // balancer, to another process) and signs in again there.
    io.engine.close();
    await io.of('/').adapter.close();
    await redis?.close();
  });
  return io;
}

/** The socket of the product: the auth module's token check and the socket settings of the config. */
export function registerRealtime(app: FastifyInstance, config: Config): SocketServer {
  return attachSocketServer(app, {
    authenticate: authenticateAccessToken,
    productRoom: config.PRODUCT_ROOM,
    authTimeoutMs: config.SOCKET_AUTH_TIMEOUT_MS,
    authErrorGraceMs: config.SOCKET_AUTH_ERROR_GRACE_MS,
    redisUrl: config.REDIS_URL,
    redisKeyPrefix: config.REDIS_KEY_PREFIX,
  });
}
