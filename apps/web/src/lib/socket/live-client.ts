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
import type { KeyValueStore } from '../../answer/answer-storage';
import { isReducedData } from '../../answer/photo-settings';
import { chooseTransports, noteConnectedTransport } from './transport-choice';

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
  /** Sends `leave:room` for those of `rooms` the socket is in (section 7, "Socket"). */
  leave(rooms: readonly string[]): void;
  /** The rooms the server said the socket is in. */
  rooms(): string[];
  state(): LiveState;
  /** Leaves every room (`leave:room`), then disconnects: the account signs out or goes. */
  close(): void;
}

const EVENT_NAMES = Object.values(SOCKET_EVENTS) as SocketEventName[];
const NAMED_ROOM = /^(users|agents|chatroom)\.\d+$/;

function storage(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function openSocket(): LiveSocket {
  // Same origin, websocket first with the polling fallback (API.md "Socket"); under
  // "données réduites" long polling is kept once websocket failed (transport-choice.ts).
  const store = storage();
  const choice = chooseTransports(store, isReducedData(store));
  const socket: LiveSocket = io({ path: SOCKET_PATH, ...choice, withCredentials: false });
  socket.on('connect', () => noteConnectedTransport(store, choice, socket.io.engine?.transport?.name ?? ''));
  return socket;
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
  // What the server answered: auth's default rooms, then joins and leaves.
  const joined = new Set<string>();
  const leave = (rooms: readonly string[]) => {
    const inRooms = [...new Set(rooms)].filter((room) => joined.has(room));
    if (!inRooms.length || !socket.connected) return;
    for (const room of inRooms) joined.delete(room);
    socket.emit('leave:room', { rooms: inRooms });
  };
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
  socket.on('disconnect', () => {
    joined.clear();
    setState('disconnected');
  });
  socket.on('auth:success', (answer) => {
    productRoom = answer.rooms.find((room) => !NAMED_ROOM.test(room)) ?? null;
    // A new auth starts again from the default rooms on the server too.
    joined.clear();
    for (const room of answer.rooms) joined.add(room);
    setState('authenticated');
    socket.emit('join:room', { rooms: answer.rooms });
  });
  socket.on('join:room:success', (answer) => {
    for (const room of answer?.rooms ?? []) joined.add(room);
  });
  socket.on('leave:room:success', (answer) => {
    for (const room of answer?.rooms ?? []) joined.delete(room);
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
    leave,
    rooms: () => [...joined],
    state: () => state,
    close: () => {
      // Said before going, so the server stops sending at once (sent before the disconnect).
      leave([...joined]);
      socket.removeAllListeners();
      socket.disconnect();
      setState('disconnected');
    },
  };
}
