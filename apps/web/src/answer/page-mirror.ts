/**
 * The page's side of the outbox's copy in IndexedDB, loaded when a queue first needs it
 * (queue-mirror.ts): keeps the copy current, claims an entry before sending it, and learns
 * what the service worker sent while the page was away.
 */
import { createClientUuid } from './answer-storage';
import { requestBackgroundSync } from './background-sync';
import { claimEntry, releaseEntry, sentEntries } from './outbox-claim';
import { forgetMirrored, outboxDatabase, writeMirror } from './outbox-mirror';
import type { PageMirrorOptions, QueueMirror, SenderNameStore } from './queue-mirror';

/** The tab's sender name in sessionStorage. */
export const SENDER_NAME_KEY = 'enq.outbox.sender';

function browserTab(): SenderNameStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The page's name as a sender: the same for every page a tab shows (sessionStorage lives
 * as long as the tab, reloads included), another in another tab. Named per page, a page
 * reloaded between claiming an entry and releasing it (the reload comes while a step's
 * answers are being sent) left a claim under a name nobody would use again: the reloaded
 * page found the entry `busy` and waited the claim out (CLAIM_TTL_MS, 5 minutes) before
 * sending it, and the final send seemed to hang. Under the tab's name it takes its claim back.
 * (A tab the browser duplicates copies the name: the two may then both send an entry, which
 * the server still stores once, by its client_uuid.)
 */
export function tabSenderName(tab: SenderNameStore | null): string {
  try {
    const kept = tab?.getItem(SENDER_NAME_KEY);
    if (kept) return kept;
    const name = `page:${createClientUuid()}`;
    tab?.setItem(SENDER_NAME_KEY, name);
    return name;
  } catch {
    // No sessionStorage (private mode): a name for this page alone, as before.
    return `page:${createClientUuid()}`;
  }
}

export function createPageMirror(options: PageMirrorOptions): QueueMirror {
  const db = options.db ?? outboxDatabase();
  // Each tab is its own sender: two tabs never send the same entry at once either.
  const me = tabSenderName(options.tab === undefined ? browserTab() : options.tab);
  return {
    write: (outbox, queued) => writeMirror(outbox, queued, { signedIn: options.signedIn, auth: options.auth?.() ?? null }, db),
    claim: (clientUuid) => claimEntry(clientUuid, me, Date.now(), db),
    release: (clientUuid) => releaseEntry(clientUuid, me, {}, db),
    sent: (outbox) => sentEntries(outbox, db),
    forget: (clientUuid) => forgetMirrored(clientUuid, db),
    requestSync: options.requestSync ?? requestBackgroundSync,
  };
}
