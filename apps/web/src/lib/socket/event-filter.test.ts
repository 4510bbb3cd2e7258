import { describe, expect, it } from 'vitest';
import { acceptsEvent, type Listener } from './event-filter';

const who: Listener = { userId: 7, agentId: 30, productRoom: 'enquetes', chatroomIds: [5] };

describe('live event filtering (section 6)', () => {
  it.each(['contribution.created', 'contribution.updated', 'report.created', 'report.updated'] as const)(
    '%s: only in the current agent room',
    (event) => {
      expect(acceptsEvent(event, 'agents.30', who)).toBe(true);
      expect(acceptsEvent(event, 'agents.31', who)).toBe(false);
      expect(acceptsEvent(event, 'users.7', who)).toBe(false);
      expect(acceptsEvent(event, 'enquetes', who)).toBe(false);
    },
  );

  it('an agent event is refused once another company is active', () => {
    expect(acceptsEvent('report.created', 'agents.30', { ...who, agentId: 31 })).toBe(false);
    expect(acceptsEvent('report.created', 'agents.30', { ...who, agentId: null })).toBe(false);
  });

  it('notifications: the agent room or the user room', () => {
    expect(acceptsEvent('notification.created', 'agents.30', who)).toBe(true);
    expect(acceptsEvent('notification.created', 'users.7', who)).toBe(true);
    expect(acceptsEvent('notification.created', 'users.8', who)).toBe(false);
    expect(acceptsEvent('contributor.created', 'users.7', who)).toBe(true);
  });

  it('invitations: only the user room', () => {
    expect(acceptsEvent('invitation.sent', 'users.7', who)).toBe(true);
    expect(acceptsEvent('invitation.sent', 'agents.30', who)).toBe(false);
    expect(acceptsEvent('invitation.sent', 'users.8', who)).toBe(false);
    expect(acceptsEvent('invitation.sent', 'enquetes', who)).toBe(false);
  });

  it('broadcasts: the product room, the agent room, or the user room (customers)', () => {
    expect(acceptsEvent('broadcast.created', 'enquetes', who)).toBe(true);
    expect(acceptsEvent('broadcast.created', 'agents.30', who)).toBe(true);
    expect(acceptsEvent('broadcast.created', 'users.7', who)).toBe(true);
    expect(acceptsEvent('broadcast.created', 'users.8', who)).toBe(false);
    expect(acceptsEvent('broadcast.created', 'enquetes', { ...who, productRoom: null })).toBe(false);
  });

  it('messages: chatroom rooms (the server admits members only)', () => {
    expect(acceptsEvent('message.created', 'chatroom.5', who)).toBe(true);
    // Rooms joined since sign-in count too: the server only lets members in.
    expect(acceptsEvent('message.created', 'chatroom.6', who)).toBe(true);
    expect(acceptsEvent('message.created', 'users.6', who)).toBe(false);
  });
});
