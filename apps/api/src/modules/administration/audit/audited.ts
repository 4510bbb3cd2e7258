import type { RequestContext } from '../../../http/actor';
import type { EventBus } from '../../../events/event-bus';

/**
 * The bus calls that tell other requests and processes about a change: held until the
 * transaction commits, so nobody re-reads (and caches) the old state in between, and a
 * change rolled back (its audit entry failed) is never announced.
 */
const AFTER_COMMIT = new Set<PropertyKey>(['invalidateActors', 'revokeUser', 'revokeSessions', 'publish', 'revokeRoom', 'moveUsers', 'signal']);

function heldEvents(bus: EventBus): { events: EventBus; release: () => Promise<void> } {
  const held: (() => unknown)[] = [];
  const events = new Proxy(bus, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== 'function') return value;
      if (!AFTER_COMMIT.has(prop)) return value.bind(target);
      return (...args: unknown[]) => {
        held.push(() => value.apply(target, args));
        return Promise.resolve();
      };
    },
  });
  return {
    events,
    async release() {
      for (const run of held) await run();
    },
  };
}

/**
 * Runs an admin action in ONE transaction with its audit entry: `change` gets a context on
 * the transaction (`audit(txCtx, …)` writes there), so the action and its trace commit
 * together or not at all. What `change` tells the event bus (actors to drop, sockets to
 * close) happens after the commit, before this resolves.
 */
export async function audited<T>(ctx: RequestContext, change: (txCtx: RequestContext) => Promise<T>): Promise<T> {
  const { events, release } = heldEvents(ctx.events);
  const result = await ctx.db.transaction((tx) => change({ ...ctx, db: tx, events }));
  await release();
  return result;
}
