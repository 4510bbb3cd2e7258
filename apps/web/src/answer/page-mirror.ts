/**
 * The page's side of the outbox's copy in IndexedDB, loaded when a queue first needs it
 * (queue-mirror.ts): keeps the copy current, claims an entry before sending it, and learns
 * what the service worker sent while the page was away.
 */
import { createClientUuid } from './answer-storage';
import { requestBackgroundSync } from './background-sync';
import { claimEntry, releaseEntry, sentEntries } from './outbox-claim';
import { forgetMirrored, outboxDatabase, writeMirror } from './outbox-mirror';
import type { PageMirrorOptions, QueueMirror } from './queue-mirror';

export function createPageMirror(options: PageMirrorOptions): QueueMirror {
  const db = options.db ?? outboxDatabase();
  // Each page is its own sender: two tabs never send the same entry at once either.
  const me = `page:${createClientUuid()}`;
  return {
    write: (outbox, queued) => writeMirror(outbox, queued, { signedIn: options.signedIn, auth: options.auth?.() ?? null }, db),
    claim: (clientUuid) => claimEntry(clientUuid, me, Date.now(), db),
    release: (clientUuid) => releaseEntry(clientUuid, me, {}, db),
    sent: (outbox) => sentEntries(outbox, db),
    forget: (clientUuid) => forgetMirrored(clientUuid, db),
    requestSync: options.requestSync ?? requestBackgroundSync,
  };
}
