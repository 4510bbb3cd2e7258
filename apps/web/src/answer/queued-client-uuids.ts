import type { KeyValueStore } from './answer-storage';
import { QUEUE_KEY, type QueueEntry } from './submit-queue-types';

/**
 * The client_uuids waiting in any outbox on this phone (one per account, see answer-controller),
 * whose files' copies are still needed; null when the store cannot list its keys.
 */
export function queuedClientUuids(store: KeyValueStore): Set<string> | null {
  if (store.length === undefined || !store.key) return null;
  const found = new Set<string>();
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(QUEUE_KEY) || key.endsWith(':media')) continue;
    try {
      const queued = JSON.parse(store.getItem(key) ?? '{}') as Record<string, Partial<QueueEntry> | null>;
      for (const entry of Object.values(queued)) if (typeof entry?.body?.client_uuid === 'string') found.add(entry.body.client_uuid);
    } catch {
      // An unreadable outbox sends nothing either.
    }
  }
  return found;
}

