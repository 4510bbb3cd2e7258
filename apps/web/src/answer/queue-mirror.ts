/**
 * The page's side of the outbox's copy in IndexedDB (outbox-mirror.ts): what a submit
 * queue calls to keep the copy current, to claim an entry before sending it, and to learn
 * what the service worker sent while the page was away.
 */
import type { UseStore } from 'idb-keyval';
import { createClientUuid } from './answer-storage';
import type { ParticipationReceipt } from './answer-types';
import { requestBackgroundSync } from './background-sync';
import { type Claim, claimEntry, releaseEntry, sentEntries } from './outbox-claim';
import { forgetMirrored, type MirrorAuth, outboxDatabase, type QueuedState, writeMirror } from './outbox-mirror';

export interface QueueMirror {
  /** Writes the outbox's entries as they are now (with the account's current token). */
  write(outbox: string, queued: QueuedState[]): Promise<void>;
  claim(clientUuid: string): Promise<Claim>;
  release(clientUuid: string): Promise<void>;
  /** What the service worker sent of this outbox. */
  sent(outbox: string): Promise<Array<{ clientUuid: string; version: number; receipt: ParticipationReceipt }>>;
  forget(clientUuid: string): Promise<void>;
  /** Something waits to be sent: ask the browser to wake the service worker when the network is back. */
  requestSync(): void;
}

export interface PageMirrorOptions {
  /** A signed-in account's outbox: the service worker sends it only with a token that has not lapsed. */
  signedIn: boolean;
  /** The account's credentials now (null when signed out, or for the public page). */
  auth?: () => MirrorAuth | null;
  db?: UseStore;
  requestSync?: () => void;
}

export function pageMirror(options: PageMirrorOptions): QueueMirror | undefined {
  if (typeof indexedDB === 'undefined' && options.db === undefined) return undefined;
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
