import { describe, expect, it } from 'vitest';
import { agentRoom, chatroomRoom, PRODUCT_ROOM, parseRoom, userRoom } from './socket-events';

describe('socket room names', () => {
  it('builds the four room forms', () => {
    expect([userRoom(3), agentRoom(4), chatroomRoom(5), PRODUCT_ROOM]).toEqual(['users.3', 'agents.4', 'chatroom.5', 'enquetes']);
  });

  it('reads back what the helpers build', () => {
    expect(parseRoom(userRoom(12))).toEqual({ kind: 'user', id: 12 });
    expect(parseRoom(agentRoom(7))).toEqual({ kind: 'agent', id: 7 });
    expect(parseRoom(chatroomRoom(99))).toEqual({ kind: 'chatroom', id: 99 });
    expect(parseRoom('enquetes')).toEqual({ kind: 'product' });
    expect(parseRoom('acme', 'acme')).toEqual({ kind: 'product' });
  });

  it('rejects anything else, including near misses', () => {
    for (const name of ['users.', 'users.0', 'users.01', 'users.1.2', 'user.1', 'agents.-1', 'chatroom.x', 'Users.1', ' users.1', 'enquete', 'users.12345678901', '']) {
      expect(parseRoom(name), name).toBeNull();
    }
    expect(parseRoom('enquetes', 'acme')).toBeNull();
  });
});
