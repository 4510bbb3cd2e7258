import { EventEmitter } from 'node:events';

/** A domain event on its way to a socket room (`users.{id}`, `agents.{id}`, `chatroom.{id}`, the product room). */
export interface RoomEvent {
  name: string;
  room: string;
  data: unknown;
}

/** Whose sockets lose their sign-in: every socket of a user, or those of some sessions. */
export type SocketRevocation = { userId: number } | { sessionIds: number[] };

/**
 * Services publish domain events here; the realtime layer delivers them to socket
 * rooms (through the Redis adapter when several processes run). Services also say here
 * when listening to a room stops being allowed, so sockets leave it at once. Neither
 * waits on the sockets, so a slow socket cannot slow a request.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();

  publish(name: string, room: string, data: unknown): void {
    const event: RoomEvent = { name, room, data };
    // Deliver after the current request's work so a listener's failure cannot break it.
    queueMicrotask(() => this.emitter.emit('event', event));
  }

  subscribe(listener: (event: RoomEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  /**
   * Every socket in these rooms leaves them, on every API process (an agent suspended or
   * removed, a company suspended or deleted). Call it once the change is committed: a
   * socket may join again only if the database still allows it.
   */
  revokeRoom(room: string | string[]): void {
    const rooms = Array.isArray(room) ? room : [room];
    if (rooms.length) queueMicrotask(() => this.emitter.emit('revoke', rooms));
  }

  onRoomRevoked(listener: (rooms: string[]) => void): () => void {
    this.emitter.on('revoke', listener);
    return () => this.emitter.off('revoke', listener);
  }

  /**
   * Every socket signed in as this user is refused (499) and dropped, on every API
   * process (account suspended or removed). Call it once the sessions are revoked.
   */
  revokeUser(userId: number): void {
    this.revokeSockets({ userId });
  }

  /**
   * The sockets signed in with these sessions are refused (499) and dropped, on every API
   * process (logout, device signed out, password change or reset, refresh reuse, newer
   * sign-in on the device); the user's other sessions keep theirs. Call it once the
   * sessions are revoked (after the transaction commits).
   */
  revokeSessions(sessionIds: number[]): void {
    if (sessionIds.length) this.revokeSockets({ sessionIds });
  }

  onSocketsRevoked(listener: (revocation: SocketRevocation) => void): () => void {
    this.emitter.on('revoke-sockets', listener);
    return () => this.emitter.off('revoke-sockets', listener);
  }

  private revokeSockets(revocation: SocketRevocation): void {
    queueMicrotask(() => this.emitter.emit('revoke-sockets', revocation));
  }
}
