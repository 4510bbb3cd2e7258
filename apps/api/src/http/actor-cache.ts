import type { AuthenticatedSession } from './actor';
import type { Actor } from './actor';

/**
 * What changed about who may do what; every cached actor it touches is dropped.
 * - `userId`: the account (status, type, global roles, memberships, sign-in of a new agent);
 * - `agentId`: one membership (status, roles, removal);
 * - `companyId`: every member of a company (company suspended or deleted);
 * - `roleId`: whoever holds the role (its state or permissions changed, role deleted);
 * - `sessionIds`: those sessions (logout, password change, device signed out...);
 * - `all`: everyone (the permission catalogue changed: owner roles grant all of it).
 */
export type ActorChange =
  | { userId: number }
  | { agentId: number }
  | { companyId: number }
  | { roleId: number }
  | { sessionIds: number[] }
  | { all: true };

/** A resolved request identity: the session, the actor, and the roles behind its permissions. */
export interface CachedActor {
  session: AuthenticatedSession;
  actor: Actor;
  roleIds: readonly number[];
  /** When the access token expires (ms since epoch): past it, the database answers 498. */
  accessExpiresAt: number;
}

interface Entry extends CachedActor {
  until: number;
}

function touches(entry: CachedActor, change: ActorChange): boolean {
  if ('all' in change) return true;
  if ('userId' in change) return entry.session.userId === change.userId;
  if ('agentId' in change) return entry.actor.agentId === change.agentId;
  if ('companyId' in change) return entry.actor.companyId === change.companyId;
  if ('roleId' in change) return entry.roleIds.includes(change.roleId);
  return change.sessionIds.includes(entry.session.sessionId);
}

/**
 * The actors of recent requests, by access-token hash and claimed agent, for a few
 * seconds: a signed-in request then runs no query before its handler. Entries are
 * dropped at once, on this process and (through `EventBus.invalidateActors` and Redis)
 * on every other, when what they were built from changes; the short lifetime only bounds
 * what a missed message could cost. While the cross-process link is down the cache is
 * off (`setEnabled(false)`): a message may have been missed.
 */
export class ActorCache {
  private readonly entries = new Map<string, Entry>();
  private isOn: boolean;
  /** Bumped by every invalidation: a lookup begun before one must not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {
    this.isOn = ttlMs > 0;
  }

  static key(tokenHash: string, claimedAgent: string | null): string {
    return claimedAgent === null ? tokenHash : `${tokenHash}|${claimedAgent}`;
  }

  get(key: string, now = Date.now()): CachedActor | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now || entry.accessExpiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Call before reading the database; pass the result to `set`. */
  begin(): number {
    return this.generation;
  }

  set(key: string, value: CachedActor, since: number, now = Date.now()): void {
    // An invalidation while the database was read: what was read may predate it.
    if (!this.isOn || since !== this.generation) return;
    // Oldest first: a Map iterates in insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { ...value, until: now + this.ttlMs });
  }

  invalidate(change: ActorChange): void {
    this.generation++;
    if ('all' in change) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (touches(entry, change)) this.entries.delete(key);
  }

  /** Off: every entry goes and nothing is kept until it is on again (Redis link down). */
  setEnabled(on: boolean): void {
    this.generation++;
    this.entries.clear();
    this.isOn = on && this.ttlMs > 0;
  }

  get enabled(): boolean {
    return this.isOn;
  }

  get size(): number {
    return this.entries.size;
  }
}
