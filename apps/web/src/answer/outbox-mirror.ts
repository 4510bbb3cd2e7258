/**
 * The outbox's copy in IndexedDB (through idb-keyval), which the service worker reads when
 * the browser fires a `sync` event, even with every tab closed: localStorage, where the
 * page keeps its outbox, is out of a service worker's reach. One record per client_uuid,
 * with what sending it takes (the body, the account's access token) and who is sending it
 * now (`claim`): the page and the service worker each claim an entry before sending it, in
 * one IndexedDB transaction, so the two never send the same one at the same time. What
 * the service worker sent is marked `sent` until the page has read it (outbox-claim.ts).
 */
import { createStore, del, entries as allEntries, promisifyRequest, type UseStore } from 'idb-keyval';
import type { ParticipationBody, ParticipationReceipt, UploadedMedia } from './answer-types';

/** The access token of a signed-in outbox, as the service worker sends it. */
export interface MirrorAuth {
  token: string;
  userId: number | string;
  agentId?: number | string | null;
  /** When the token lapses (ms since the epoch), null when unknown. */
  expiresAt: number | null;
}

export interface MirroredEntry {
  clientUuid: string;
  /** The page's outbox it belongs to (its storage key: one per account). */
  outbox: string;
  body: ParticipationBody;
  version: number;
  held: boolean;
  /** Sent with an account's credentials only: without a valid token the entry waits for the page. */
  signedIn: boolean;
  auth: MirrorAuth | null;
  /** Files the service worker uploaded, by pending key: the page names them, never uploads them twice. */
  uploaded: Record<string, UploadedMedia>;
  /** Who is sending it now, and since when (ms). */
  claim: { by: string; at: number } | null;
  /** Sent by the service worker at `version`; the page forgets the entry when it reads this. */
  sent: { version: number; receipt: ParticipationReceipt } | null;
}

/** What the page writes of one of its entries. */
export interface QueuedState {
  body: ParticipationBody;
  version: number;
  held?: boolean;
}

const DB_NAME = 'enq-outbox';
const STORE_NAME = 'entries';

let defaultStore: UseStore | null = null;

/**
 * Reads and rewrites one record in a single read-write transaction (so no other sender
 * slips in between); `change` returning undefined leaves the key as it was (absent stays absent).
 */
export function changeRecord(key: string, change: (record: MirroredEntry | undefined) => MirroredEntry | undefined, db: UseStore): Promise<void> {
  return db('readwrite', (store) => {
    const read = store.get(key);
    return new Promise<void>((resolve, reject) => {
      read.onsuccess = () => {
        const next = change(read.result as MirroredEntry | undefined);
        if (next !== undefined) store.put(next, key);
        resolve(promisifyRequest(store.transaction));
      };
      read.onerror = () => reject(read.error);
    });
  });
}

/** The browser's outbox database (opened on first use: the service worker and the page share it). */
export function outboxDatabase(): UseStore {
  defaultStore ??= createStore(DB_NAME, STORE_NAME);
  return defaultStore;
}

/**
 * Writes the entries of the page's outbox `outbox` as they are now, keeping what the
 * records say of claims, uploads and sends, and deletes the records of that outbox the
 * page no longer holds (sent, rejected or replaced).
 */
export async function writeMirror(
  outbox: string,
  queued: QueuedState[],
  who: { signedIn: boolean; auth: MirrorAuth | null },
  db: UseStore = outboxDatabase(),
): Promise<void> {
  const kept = new Set(queued.map((q) => q.body.client_uuid));
  for (const [key, record] of await allEntries<string, MirroredEntry>(db)) {
    if (record?.outbox === outbox && !kept.has(String(key))) await del(key, db);
  }
  for (const state of queued) {
    await changeRecord(
      state.body.client_uuid,
      (old) => ({
        clientUuid: state.body.client_uuid,
        outbox,
        body: state.body,
        version: state.version,
        held: state.held === true,
        signedIn: who.signedIn,
        auth: who.auth,
        uploaded: old?.uploaded ?? {},
        claim: old?.claim ?? null,
        sent: old?.sent ?? null,
      }),
      db,
    );
  }
}

/** Every mirrored entry (the service worker's round). */
export async function readMirror(db: UseStore = outboxDatabase()): Promise<MirroredEntry[]> {
  return (await allEntries<string, MirroredEntry>(db)).map(([, record]) => record).filter((record) => record && typeof record.clientUuid === 'string');
}

/** Forgets an entry (the page read that it was sent). */
export function forgetMirrored(clientUuid: string, db: UseStore = outboxDatabase()): Promise<void> {
  return del(clientUuid, db);
}
