import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { connectLive, type LiveSocket } from './live-client';

/** Enough of a socket.io client: server events are emitted on `server`, client emits are recorded. */
function fakeSocket() {
  const local = new EventEmitter();
  const sent: Array<[string, unknown]> = [];
  const socket = {
    connected: false,
    on: (name: string, fn: (...args: unknown[]) => void) => local.on(name, fn),
    emit: (name: string, payload: unknown) => sent.push([name, payload]),
    connect() {
      socket.connected = true;
      local.emit('connect');
    },
    disconnect: vi.fn(() => {
      socket.connected = false;
    }),
    removeAllListeners: () => local.removeAllListeners(),
  };
  return { socket, sent, server: (name: string, payload?: unknown) => local.emit(name, payload) };
}

describe('live client', () => {
  it('authenticates with token and agent, then joins the default rooms', () => {
    const fake = fakeSocket();
    const states: string[] = [];
    connectLive({
      credentials: () => ({ token: 'tok', agentId: 30 }),
      onEvent: vi.fn(),
      onAuthError: vi.fn(),
      onStateChange: (s) => states.push(s),
      createSocket: () => fake.socket as unknown as LiveSocket,
    });
    expect(fake.sent).toEqual([['auth', { token: 'tok', agent: 30 }]]);
    fake.server('auth:success', { user: { id: 7, name: 'A' }, agent: null, rooms: ['enquetes', 'users.7', 'agents.30'] });
    expect(fake.sent[1]).toEqual(['join:room', { rooms: ['enquetes', 'users.7', 'agents.30'] }]);
    expect(states).toEqual(['connected', 'authenticated']);
  });

  it('hands on server events with their room and the product room', () => {
    const fake = fakeSocket();
    const onEvent = vi.fn();
    connectLive({
      credentials: () => ({ token: 'tok', agentId: null }),
      onEvent,
      onAuthError: vi.fn(),
      createSocket: () => fake.socket as unknown as LiveSocket,
    });
    fake.server('auth:success', { user: { id: 7, name: 'A' }, agent: null, rooms: ['enquetes', 'users.7'] });
    fake.server('invitation.sent', { room: 'users.7', data: { id: 4 } });
    fake.server('invitation.sent', 'malformé');
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith('invitation.sent', { room: 'users.7', data: { id: 4 } }, 'enquetes');
  });

  it('reports auth errors and re-authenticates on demand', () => {
    const fake = fakeSocket();
    const onAuthError = vi.fn();
    let token = 'old';
    const live = connectLive({
      credentials: () => ({ token, agentId: null }),
      onEvent: vi.fn(),
      onAuthError,
      createSocket: () => fake.socket as unknown as LiveSocket,
    });
    fake.server('auth:error', { status: 498, message: 'expiré' });
    expect(onAuthError).toHaveBeenCalledWith({ status: 498, message: 'expiré' });
    token = 'new';
    live.authenticate();
    expect(fake.sent.at(-1)).toEqual(['auth', { token: 'new', agent: null }]);
    live.close();
    expect(fake.socket.disconnect).toHaveBeenCalled();
    expect(live.state()).toBe('disconnected');
  });

  it('sends leave:room for the rooms it is in when it leaves one, and for all before it disconnects (sign-out)', () => {
    const fake = fakeSocket();
    const live = connectLive({
      credentials: () => ({ token: 'tok', agentId: 30 }),
      onEvent: vi.fn(),
      onAuthError: vi.fn(),
      createSocket: () => fake.socket as unknown as LiveSocket,
    });
    fake.server('auth:success', { user: { id: 7, name: 'A' }, agent: null, rooms: ['enquetes', 'users.7', 'agents.30', 'chatroom.12'] });
    fake.server('join:room:success', { rooms: ['enquetes', 'users.7', 'agents.30', 'chatroom.12'] });
    // Leaving a conversation: only its room; a room it is not in is not sent.
    live.leave(['chatroom.12', 'chatroom.99']);
    expect(fake.sent.at(-1)).toEqual(['leave:room', { rooms: ['chatroom.12'] }]);
    fake.server('leave:room:success', { rooms: ['chatroom.12'] });
    expect(live.rooms().sort()).toEqual(['agents.30', 'enquetes', 'users.7']);
    // A company switch leaves the previous agent's room before the new auth.
    live.leave(['agents.30']);
    expect(fake.sent.at(-1)).toEqual(['leave:room', { rooms: ['agents.30'] }]);
    const before = fake.sent.length;
    live.leave(['agents.30']);
    expect(fake.sent).toHaveLength(before);
    // Sign-out: every room left, then the disconnect.
    live.close();
    expect(fake.sent.at(-1)).toEqual(['leave:room', { rooms: ['enquetes', 'users.7'] }]);
    expect(fake.socket.disconnect).toHaveBeenCalled();
  });
});
