import { describe, expect, it } from 'vitest';
import { decideRooms, defaultRooms, lapsedRooms, type RoomGrants } from './socket-rooms';

const grants: RoomGrants = {
  userId: 10,
  agents: new Map([
    [21, { id: 21, company_id: 1 }],
    [22, { id: 22, company_id: 2 }],
  ]),
  chatroomIds: new Set([31]),
};

describe('socket room grants', () => {
  it('joins product, own user room, every active agent and every chatroom by default', () => {
    expect(defaultRooms(grants, 'enquetes')).toEqual(['enquetes', 'users.10', 'agents.21', 'agents.22', 'chatroom.31']);
  });

  it('allows only what the grants cover', () => {
    const decision = decideRooms(
      ['enquetes', 'users.10', 'users.11', 'agents.22', 'agents.23', 'chatroom.31', 'chatroom.32'],
      grants,
      'enquetes',
    );
    expect(decision).toEqual({
      allowed: ['enquetes', 'users.10', 'agents.22', 'chatroom.31'],
      refused: ['users.11', 'agents.23', 'chatroom.32'],
      unknown: [],
    });
  });

  it('never treats a socket id or a foreign name as a room, and ignores duplicates', () => {
    const decision = decideRooms(['Xy12AbCdEf-socketid', 'admins', 'users.10', 'users.10'], grants, 'enquetes');
    expect(decision).toEqual({ allowed: ['users.10'], refused: [], unknown: ['Xy12AbCdEf-socketid', 'admins'] });
  });

  it('uses the configured product room name', () => {
    expect(decideRooms(['acme', 'enquetes'], grants, 'acme')).toEqual({ allowed: ['acme'], refused: [], unknown: ['enquetes'] });
  });

  it('finds the rooms a socket is in that the grants no longer allow, leaving its own id room alone', () => {
    const rooms = new Set(['Xy12AbCdEf-socketid', 'enquetes', 'users.10', 'agents.21', 'agents.23', 'chatroom.31', 'chatroom.32']);
    expect(lapsedRooms(rooms, grants, 'enquetes')).toEqual(['agents.23', 'chatroom.32']);
  });
});
