/**
 * The page's side of the outbox's copy in IndexedDB (outbox-mirror.ts): what a submit
 * queue calls to keep the copy current, to claim an entry before sending it, and to learn
 * what the service worker sent while the page was away.
 */
import type { UseStore } from 'idb-keyval';
import type { ParticipationReceipt } from './answer-types';
import type { Claim } from './outbox-claim';
import type { MirrorAuth, QueuedState } from './outbox-mirror';

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
  /**
   * Where the tab keeps its name as a sender (page-mirror.ts `tabSenderName`): the
   * browser's sessionStorage by default, null for a name of this page alone.
   */
  tab?: SenderNameStore | null;
}

/** What `tabSenderName` needs of sessionStorage. */
export type SenderNameStore = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The outbox's copy for a page's queue, or none without IndexedDB. Its code (IndexedDB,
 * claims) loads with the first queued answer, not with the page: the public answering
 * page's first load stays within its budget. A failed load is tried again at the next call;
 * meanwhile the queue sends from the page as it would without IndexedDB.
 */
export function pageMirror(options: PageMirrorOptions): QueueMirror | undefined {
  if (typeof indexedDB === 'undefined' && options.db === undefined) return undefined;
  let loading: Promise<QueueMirror> | undefined;
  const mirror = () => {
    loading ??= import('./page-mirror').then(
      (module) => module.createPageMirror(options),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    write: async (outbox, queued) => (await mirror()).write(outbox, queued),
    claim: async (clientUuid) => (await mirror()).claim(clientUuid),
    release: async (clientUuid) => (await mirror()).release(clientUuid),
    sent: async (outbox) => (await mirror()).sent(outbox),
    forget: async (clientUuid) => (await mirror()).forget(clientUuid),
    requestSync: () => void mirror().then((loaded) => loaded.requestSync(), () => undefined),
  };
}
