import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../answer/answer-storage';
import { chooseTransports, noteConnectedTransport } from './transport-choice';

describe('live socket transports', () => {
  it('tries websocket first with every fallback, then keeps long polling under "données réduites" once websocket failed', () => {
    const store = memoryStore();
    const first = chooseTransports(store, true, 1_000);
    expect(first).toEqual({ transports: ['websocket', 'polling'], upgrade: true, tryAllTransports: true });
    // Websocket blocked: the socket came up on polling.
    noteConnectedTransport(store, first, 'polling', 1_000);
    expect(chooseTransports(store, true, 2_000)).toEqual({ transports: ['polling'], upgrade: false, tryAllTransports: true });
    // Without "données réduites" websocket is tried at each connection.
    expect(chooseTransports(store, false, 2_000).transports[0]).toBe('websocket');
    // A day later, websocket is tried again; once it works, it is used again.
    const later = chooseTransports(store, true, 1_000 + 25 * 3600 * 1000);
    expect(later.transports[0]).toBe('websocket');
    noteConnectedTransport(store, later, 'websocket');
    expect(chooseTransports(store, true, 2_000).transports[0]).toBe('websocket');
  });

  it('a socket that started on polling on purpose does not count as a websocket failure', () => {
    const store = memoryStore();
    noteConnectedTransport(store, { transports: ['polling'], upgrade: false, tryAllTransports: true }, 'polling', 5);
    expect(chooseTransports(store, true, 10).transports[0]).toBe('websocket');
  });
});
