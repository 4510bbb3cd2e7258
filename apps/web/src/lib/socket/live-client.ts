import {
  type ClientToServerEvents,
  type RoomMessage,
  SOCKET_EVENTS,
  SOCKET_PATH,
  type ServerToClientEvents,
  type SocketAuthError,
  type SocketEventName,
} from '@app/contracts/socket-events';
import { io, type Socket } from 'socket.io-client';

/** Section 4: socket states. */
export type LiveState = 'disconnected' | 'connected' | 'authenticated';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface LiveOptions {
  /** Read at every (re)connection, so a renewed token or another company is used. */
  credentials: () => { token: string; agentId: number | null } | null;
  onEvent: (name: SocketEventName, message: RoomMessage<unknown>, productRoom: string | null) => void;
  onAuthError: (error: SocketAuthError) => void;
  onStateChange?: (state: LiveState) => void;
  /** Tests hand in a fake; the app connects to its own origin. */
  createSocket?: () => LiveSocket;
}

export interface LiveConnection {
  /** Sends `auth` again (new token, other active agent); the server restarts the default rooms. */
  authenticate(): void;
  state(): LiveState;
  close(): void;
}

const EVENT_NAMES = Object.values(SOCKET_EVENTS) as SocketEventName[];
const NAMED_ROOM = /^(users|agents|chatroom)\.\d+$/;

function openSocket(): LiveSocket {
  // Same origin, websocket first with the polling fallback (API.md "Socket").
  return io({ path: SOCKET_PATH, transports: ['websocket', 'polling'], withCredentials: false });
}

/**
 * The live channel of one account: connects, authenticates with the token and the
 * active agent, then joins the default rooms the server answered (section 4: after
 * auth success the client joins the default rooms). Every server event is handed on
 * with its room; filtering by audience is the caller's (event-filter.ts).
 */
export function connectLive(options: LiveOptions): LiveConnection {
  const socket = (options.createSocket ?? openSocket)();
  let state: LiveState = 'disconnected';
  let productRoom: string | null = null;
  const setState = (next: LiveState) => {
    if (next === state) return;
    state = next;
    options.onStateChange?.(next);
  };

  const authenticate = () => {
    const credentials = options.credentials();
    if (!credentials || !socket.connected) return;
    socket.emit('auth', { token: credentials.token, agent: credentials.agentId });
  };

  socket.on('connect', () => {
    setState('connected');
    authenticate();
  });
  socket.on('disconnect', () => setState('disconnected'));
  socket.on('auth:success', (answer) => {
    productRoom = answer.rooms.find((room) => !NAMED_ROOM.test(room)) ?? null;
    setState('authenticated');
    socket.emit('join:room', { rooms: answer.rooms });
  });
  socket.on('auth:error', (error) => {
    setState('connected');
    options.onAuthError(error);
  });
  for (const name of EVENT_NAMES) {
    socket.on(name, ((message: RoomMessage<unknown>) => {
      if (message && typeof message.room === 'string') options.onEvent(name, message, productRoom);
    }) as never);
  }
  if (!socket.connected) socket.connect();

  return {
    authenticate,
    state: () => state,
    close: () => {
      socket.removeAllListeners();
      socket.disconnect();
      setState('disconnected');
    },
  };
}
