// Fixtures and a real socket.io client for the socket suites (imported by *.test.ts only).
import type { ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { Database } from '../db/client';
import { agents, chatroomMembers, chatrooms, companies, devices, sessions, users } from '../db/schema';
import { generateToken, hashToken } from '../modules/identity/auth/tokens';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let counter = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${++counter}`;

export interface SignedInUser {
  userId: number;
  sessionId: number;
  token: string;
}

/**
 * A user with a device and a session whose access token is returned in clear, stored
 * hashed the way the auth module stores it. `accessExpired` makes a session whose access
 * token has run out (the auth check answers 498 for it).
 */
export async function createSignedInUser(
  db: Database,
  options: { firstName?: string; lastName?: string; accessExpired?: boolean } = {},
): Promise<SignedInUser> {
  const tag = unique();
  const [user] = await db.orm
    .insert(users)
    .values({ username: `sock-${tag}`, email: `sock-${tag}@example.test`, first_name: options.firstName ?? 'Awa', last_name: options.lastName ?? 'Ngono', type: 'agent' })
    .returning({ id: users.id });
  const [device] = await db.orm.insert(devices).values({ user_id: user.id, ref: `device-${tag}` }).returning({ id: devices.id });
  const token = generateToken();
  const now = Date.now();
  const [session] = await db.orm
    .insert(sessions)
    .values({
      user_id: user.id,
      device_id: device.id,
      family: generateToken(16),
      access_hash: hashToken(token),
      access_expires_at: new Date(options.accessExpired ? now - 60_000 : now + 15 * 60_000),
      refresh_hash: hashToken(generateToken()),
      refresh_expires_at: new Date(now + 24 * 3600_000),
    })
    .returning({ id: sessions.id });
  return { userId: user.id, sessionId: session.id, token };
}

/** A company with the user as an agent (`active` unless told); returns the agent id. */
export async function createAgent(db: Database, userId: number, status: 'active' | 'suspended' = 'active') {
  const tag = unique();
  const [company] = await db.orm.insert(companies).values({ name: `Société ${tag}`, code: `S${tag}`.toUpperCase() }).returning({ id: companies.id });
  const [agent] = await db.orm
    .insert(agents)
    .values({ company_id: company.id, user_id: userId, status })
    .returning({ id: agents.id });
  return { agentId: agent.id, companyId: company.id };
}

/** A group chatroom whose members are the given users. */
export async function createChatroom(db: Database, memberIds: number[]): Promise<number> {
  const [room] = await db.orm.insert(chatrooms).values({ kind: 'group', name: `salon ${unique()}` }).returning({ id: chatrooms.id });
  if (memberIds.length) await db.orm.insert(chatroomMembers).values(memberIds.map((user_id) => ({ chatroom_id: room.id, user_id })));
  return room.id;
}

export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/** Every event a client received, in order, so a test can check what did not arrive. */
export interface RecordedClient {
  socket: ClientSocket;
  events: { name: string; payload: any }[];
  /** The first event among `names` received at index `from` or later (already there, or to come). */
  waitFor(names: string[], from?: number): Promise<{ name: string; payload: any }>;
  /** The payload of the next `name` event received at index `from` or later. */
  next(name: string, from?: number): Promise<any>;
  close(): void;
}

const WAIT_MS = 10_000;

export interface ClientOptions {
  transports?: ('websocket' | 'polling')[];
  headers?: Record<string, string>;
}

export function openClient(baseUrl: string, { transports = ['websocket'], headers }: ClientOptions = {}): RecordedClient {
  const socket: ClientSocket = connect(baseUrl, {
    path: '/socket.io',
    transports,
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  const events: RecordedClient['events'] = [];
  const waiters = new Set<{ names: string[]; from: number; resolve: (event: { name: string; payload: any }) => void }>();
  const record = (name: string, payload: any) => {
    events.push({ name, payload });
    for (const waiter of waiters) {
      if (waiter.names.includes(name) && events.length > waiter.from) {
        waiters.delete(waiter);
        waiter.resolve({ name, payload });
      }
    }
  };
  socket.onAny(record);
  socket.on('disconnect', (reason) => record('disconnect', reason));
  socket.on('connect_error', (error) => record('connect_error', error.message));
  const waitFor = (names: string[], from = events.length) => {
    const found = events.slice(from).find((e) => names.includes(e.name));
    if (found) return Promise.resolve(found);
    return new Promise<{ name: string; payload: any }>((resolve, reject) => {
      const waiter = {
        names,
        from,
        resolve: (event: { name: string; payload: any }) => {
          clearTimeout(timer);
          resolve(event);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no ${names.join('/')} within ${WAIT_MS} ms; got ${JSON.stringify(events.slice(from))}`));
      }, WAIT_MS);
      waiters.add(waiter);
    });
  };
  return {
    socket,
    events,
    waitFor,
    next: async (name, from) => (await waitFor([name], from)).payload,
    close: () => socket.disconnect(),
  };
}

/** Sends `auth` and resolves with the answer (`auth:success` or `auth:error`). */
export async function authenticate(client: RecordedClient, token: string, agent?: number) {
  const from = client.events.length;
  client.socket.emit('auth', agent === undefined ? { token } : { token, agent });
  const answer = await client.waitFor(['auth:success', 'auth:error'], from);
  return { ok: answer.name === 'auth:success', payload: answer.payload };
}

export const eventNames = (client: RecordedClient, from = 0) => client.events.slice(from).map((e) => e.name);
