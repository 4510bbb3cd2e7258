/**
 * The signed-in account's outbox: ONE submit queue per account for the whole app (the
 * answering page and the background sender share it), over the same storage key the
 * answering page has always used (`enq.answer.v1:outbox:{sid}`), so nothing queued by an
 * earlier version is lost. Two queue objects over one key would overwrite each other's
 * entries; this module is the only place that creates the signed-in ones.
 */
import { isPendingMedia } from '../../../answer/answer-state';
import { browserStore, type KeyValueStore } from '../../../answer/answer-storage';
import type { ParticipationBody } from '../../../answer/answer-types';
import { browserBlobStore, type BlobStore } from '../../../answer/media-store';
import type { MirrorAuth } from '../../../answer/outbox-mirror';
import { pageMirror, type QueueMirror } from '../../../answer/queue-mirror';
import { createSubmitQueue, QUEUE_KEY, type QueueTransport, type SubmitQueue } from '../../../answer/submit-queue';
import { requestSessionOf } from '../../../lib/session/account-model';
import { accounts } from '../../../lib/session/account-store';

/** The storage key of an account's outbox (the answering page's own, see answer-controller). */
export const outboxKey = (sid: string) => `${QUEUE_KEY}:${sid}`;

interface StoredEntry {
  body?: ParticipationBody;
  held?: boolean;
}

/** The participations waiting in an account's outbox, read from storage (works after the account is gone). */
export function queuedBodies(sid: string, store: KeyValueStore = browserStore()): ParticipationBody[] {
  try {
    const raw = store.getItem(outboxKey(sid));
    const entries = raw ? (Object.values(JSON.parse(raw)) as Array<StoredEntry | null>) : [];
    return entries.flatMap((entry) => (entry?.body && typeof entry.body.client_uuid === 'string' ? [entry.body] : []));
  } catch {
    return [];
  }
}

/** How many finished visits or answers wait to be sent ("3 envois en attente"); partial saves are not counted. */
export function pendingCount(sid: string, store?: KeyValueStore): number {
  return queuedBodies(sid, store).filter((body) => body.status === 'submitted').length;
}

const queues = new Map<string, SubmitQueue>();

/**
 * The account's token as the service worker sends with it, read at each write (a renewed
 * token replaces the lapsed one); null once the account is gone: nothing leaves without its author.
 */
export function mirrorAuthOf(sid: string): MirrorAuth | null {
  const account = accounts.get(sid);
  if (!account) return null;
  const session = requestSessionOf(account);
  const exp = account.sessionInfo.exp;
  return { ...session, expiresAt: typeof exp === 'number' ? exp * 1000 : null };
}

const ownerKey = (sid: string) => `${outboxKey(sid)}:owner`;
const sidOfOutboxKey = (key: string) => (key.startsWith(`${QUEUE_KEY}:`) && !/:(media|owner)$/.test(key) ? key.slice(QUEUE_KEY.length + 1) : null);

function readObject(store: KeyValueStore, key: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(key) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * An agent whose session ended (revoked, suspended, signed out by force) signs in again
 * under a new session id: the outboxes their former sessions left on this phone become
 * this one's, so what waited is sent with the new sign-in instead of staying stranded.
 * Only outboxes of the same user whose account is no longer here are taken.
 */
export function adoptOrphanOutboxes(sid: string, userId: number, store: KeyValueStore, isOpen: (sid: string) => boolean): number {
  if (store.length === undefined || !store.key) return 0;
  const orphans: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const other = sidOfOutboxKey(store.key(i) ?? '');
    if (other && other !== sid && !isOpen(other) && store.getItem(ownerKey(other)) === String(userId)) orphans.push(other);
  }
  let moved = 0;
  for (const other of orphans) {
    const entries = { ...readObject(store, outboxKey(other)), ...readObject(store, outboxKey(sid)) };
    const media = { ...readObject(store, `${outboxKey(other)}:media`), ...readObject(store, `${outboxKey(sid)}:media`) };
    moved += Object.keys(readObject(store, outboxKey(other))).length;
    store.setItem(outboxKey(sid), JSON.stringify(entries));
    store.setItem(`${outboxKey(sid)}:media`, JSON.stringify(media));
    store.removeItem(outboxKey(other));
    store.removeItem(`${outboxKey(other)}:media`);
    store.removeItem(ownerKey(other));
  }
  return moved;
}

/**
 * The account's queue, created once; `transport` sends with the account's credentials.
 * `userId` marks the outbox as that user's (see adoptOrphanOutboxes).
 */
export function outboxFor(
  sid: string,
  transport: () => QueueTransport,
  deps: { store?: KeyValueStore; blobs?: BlobStore; userId?: number; isOpen?: (sid: string) => boolean; mirror?: QueueMirror | null } = {},
): SubmitQueue {
  let queue = queues.get(sid);
  if (!queue) {
    const store = deps.store ?? browserStore();
    if (deps.userId !== undefined) {
      try {
        store.setItem(ownerKey(sid), String(deps.userId));
        adoptOrphanOutboxes(sid, deps.userId, store, deps.isOpen ?? (() => true));
      } catch {
        // A full storage keeps each outbox where it is.
      }
    }
    queue = createSubmitQueue({
      transport: transport(),
      store,
      blobs: deps.blobs ?? browserBlobStore(),
      storageKey: outboxKey(sid),
      // A signed-in agent whose token cannot be renewed now (offline, or signed out and
      // signing in again) keeps everything queued until the account works again.
      waitsForSignIn: true,
      // Sent by the service worker after the app is closed, with the account's token while it is valid.
      mirror: deps.mirror === undefined ? pageMirror({ signedIn: true, auth: () => mirrorAuthOf(sid) }) : (deps.mirror ?? undefined),
    });
    queues.set(sid, queue);
  }
  return queue;
}

/** Forgets the account's queue object (tests; the stored entries stay). */
export function dropOutbox(sid: string): void {
  queues.get(sid)?.dispose();
  queues.delete(sid);
}

/** The file a signed-out or suspended agent hands over: every waiting participation, with its photos inline. */
export interface UnsentWorkFile {
  kind: 'enquetes.unsent-work';
  version: 1;
  exported_at: string;
  account: { sid: string; user_id: number | null; name: string | null };
  participations: Array<ParticipationBody & { files: Array<{ question_id: number; name: string; type: string; data_url: string }> }>;
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * Builds the unsent-work file of an account: the queued bodies as they would be sent
 * (client keys included, so whoever imports them later cannot create a second copy) and
 * the photos still waiting on the phone.
 */
export async function unsentWorkFile(
  sid: string,
  who: { userId: number | null; name: string | null },
  deps: { store?: KeyValueStore; blobs?: BlobStore; now?: Date } = {},
): Promise<UnsentWorkFile> {
  const blobs = deps.blobs ?? browserBlobStore();
  const participations: UnsentWorkFile['participations'] = [];
  for (const body of queuedBodies(sid, deps.store)) {
    const files: UnsentWorkFile['participations'][number]['files'] = [];
    for (const answer of body.answers) {
      if (!isPendingMedia(answer.value)) continue;
      const stored = await blobs.get(answer.value.pending);
      if (stored) files.push({ question_id: answer.question_id, name: stored.name, type: stored.blob.type, data_url: await dataUrlOf(stored.blob) });
    }
    participations.push({ ...body, files });
  }
  return {
    kind: 'enquetes.unsent-work',
    version: 1,
    exported_at: (deps.now ?? new Date()).toISOString(),
    account: { sid, user_id: who.userId, name: who.name },
    participations,
  };
}

/** Saves the unsent-work file through the browser (a download the agent can hand over). */
export async function downloadUnsentWork(sid: string, who: { userId: number | null; name: string | null }): Promise<void> {
  const file = await unsentWorkFile(sid, who);
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `envois-non-transmis-${file.exported_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The user an outbox was written for (kept after the account itself is gone), or null. */
export function outboxOwner(sid: string, store: KeyValueStore = browserStore()): number | null {
  const raw = store.getItem(ownerKey(sid));
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}
