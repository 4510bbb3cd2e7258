import { EventEmitter } from 'node:events';
import type { Database } from '../db/client';
import type { ActorChange } from '../http/actor-cache';

export type { ActorChange };

/** Carries actor invalidations to the other API processes (Redis); resolves once sent. */
export type ActorRelay = (changes: ActorChange[]) => Promise<void>;

/** A domain event on its way to a socket room (`users.{id}`, `agents.{id}`, `chatroom.{id}`, the product room). */
export interface RoomEvent {
  name: string;
  room: string;
  data: unknown;
}

/**
 * Something that happened in a company, told by the service that did it once its change
 * is saved (participation submitted, site created, monitor deactivated...). Listeners
 * (the activity timeline, supervision reports) react in the same process.
 */
export interface DomainEvent {
  /** `participation.submitted`, `sites.created`, `monitor.deactivated`... */
  kind: string;
  companyId: number;
  /** Who did it: the agent of the company, else the account. */
  agentId?: number | null;
  userId?: number | null;
  /** What was evaluated or concerned (agent, group, site, workspace, audience). */
  target?: { kind: string; id: number } | null;
  /** The record the event is about (no id: a set of records, e.g. a bulk review). */
  subject?: { type: string; id: number | null; name?: string | null } | null;
  monitorId?: number | null;
  data?: Record<string, unknown>;
}

/** `db`: the emitter's connection (its transaction, when it tells from inside one). */
export type DomainListener = (event: DomainEvent, db: Database | null) => Promise<void>;

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
  private actorRelay: ActorRelay | null = null;
  private readonly domainListeners: DomainListener[] = [];

  /**
   * THE call after committing anything that changes who may do what: a session ended, an
   * account's status or type, an agent's status or removal, a company's status or
   * deletion, a role's state, permissions or holders, the permission catalogue. Every
   * API process drops the actors it cached from what changed (ARCHITECTURE.md "Actor
   * cache"): this one before returning, the others (Redis) before the promise resolves,
   * so await it before answering the request that made the change.
   */
  async invalidateActors(change: ActorChange | ActorChange[]): Promise<void> {
    const changes = Array.isArray(change) ? change : [change];
    if (changes.length === 0) return;
    // Synchronously: the next request on this process must not read a dropped actor.
    this.emitter.emit('invalidate-actors', changes);
    await this.actorRelay?.(changes);
  }

  onActorsInvalidated(listener: (changes: ActorChange[]) => void): () => void {
    this.emitter.on('invalidate-actors', listener);
    return () => this.emitter.off('invalidate-actors', listener);
  }

  /** Set by app.ts when REDIS_URL is set (realtime/actor-relay.ts). */
  setActorRelay(relay: ActorRelay | null): void {
    this.actorRelay = relay;
  }

  /**
   * Tells the listeners of the domain (activities, supervision) that `event` happened,
   * and waits for them so the request answers once the timeline holds it. A listener's
   * failure is its own (it logs it): the change is already saved and stays. Give the
   * request's `db` (`ctx.db`): told from inside a transaction, listeners write in it
   * (a listener taking another pooled connection could wait for the transaction's locks).
   */
  async emitDomain(event: DomainEvent, db: Database | null = null): Promise<void> {
    for (const listener of [...this.domainListeners]) {
      await listener(event, db).catch(() => undefined);
    }
  }

  onDomainEvent(listener: DomainListener): () => void {
    this.domainListeners.push(listener);
    return () => {
      const at = this.domainListeners.indexOf(listener);
      if (at >= 0) this.domainListeners.splice(at, 1);
    };
  }

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
   * process (account suspended or removed), and its cached actors go. Call it once the
   * sessions are revoked, and await it.
   */
  revokeUser(userId: number): Promise<void> {
    this.revokeSockets({ userId });
    return this.invalidateActors({ userId });
  }

  /**
   * The sockets signed in with these sessions are refused (499) and dropped, on every API
   * process (logout, device signed out, password change or reset, refresh reuse, newer
   * sign-in on the device); the user's other sessions keep theirs, and the sessions'
   * cached actors go. Call it once the sessions are revoked (after the transaction
   * commits), and await it.
   */
  revokeSessions(sessionIds: number[]): Promise<void> {
    if (sessionIds.length === 0) return Promise.resolve();
    this.revokeSockets({ sessionIds });
    return this.invalidateActors({ sessionIds });
  }

  onSocketsRevoked(listener: (revocation: SocketRevocation) => void): () => void {
    this.emitter.on('revoke-sockets', listener);
    return () => this.emitter.off('revoke-sockets', listener);
  }

  /**
   * The sockets of these users join (or leave) a room, on every API process: someone
   * added to or removed from a chatroom hears its messages from then on without having
   * to ask. Call it once the membership is committed.
   */
  moveUsers(userIds: number[], room: string, join: boolean): void {
    if (userIds.length) queueMicrotask(() => this.emitter.emit('move-users', { userIds, room, join }));
  }

  onUsersMoved(listener: (move: { userIds: number[]; room: string; join: boolean }) => void): () => void {
    this.emitter.on('move-users', listener);
    return () => this.emitter.off('move-users', listener);
  }

  /**
   * A wake-up call inside this process (e.g. "webhook deliveries are waiting"), so a
   * background loop starts at once instead of at its next poll. Other processes find
   * the work at their own poll.
   */
  signal(topic: string): void {
    queueMicrotask(() => this.emitter.emit(`signal:${topic}`));
  }

  onSignal(topic: string, listener: () => void): () => void {
    this.emitter.on(`signal:${topic}`, listener);
    return () => this.emitter.off(`signal:${topic}`, listener);
  }

  private revokeSockets(revocation: SocketRevocation): void {
    queueMicrotask(() => this.emitter.emit('revoke-sockets', revocation));
  }
}
