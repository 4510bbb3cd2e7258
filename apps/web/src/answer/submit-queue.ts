/**
 * The offline-tolerant outbox of participations. Each participation is one entry keyed
 * by its client_uuid holding the latest state to send (a partial save or the submit);
 * it survives reloads (localStorage, files in the blob store) and is retried with the
 * same client_uuid until the server acknowledges it. The server stores one
 * participation per client_uuid, so a retry after a lost answer never duplicates.
 * A submission refused because the server no longer knows one of its files (an upload
 * swept after a long time offline) sends the phone's copy again (kept-files.ts).
 * An entry that cannot name its survey by code (queued by an older page) and is refused
 * as a stranger naming a survey by id is held, never deleted, until the page knows the
 * code (the respondent opens that survey's link again).
 */
import { isPendingMedia } from './answer-state';
import type { KeyValueStore } from './answer-storage';
import type { ParticipationBody, ParticipationReceipt, UploadedMedia } from './answer-types';
import { keepCopy, keptPrefix, refusedFiles } from './kept-files';
import type { BlobStore } from './media-store';
import { M, type PageText, PageTextError } from './messages';

/** A failed call: `status` null when no answer came back (offline, timeout). */
/**
 * A refusal or a failure of the server or the network. Its message is the server's words
 * (a string), or the page's own (a PageText, read again after a language switch).
 */
export class TransportError extends PageTextError {
  constructor(
    message: string | PageText,
    readonly status: number | null,
    readonly code?: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(typeof message === 'function' ? message : () => message);
    this.name = 'TransportError';
  }
}

/** What an answer file is sent with besides itself. */
export interface UploadMeta {
  clientUuid: string;
  questionId: number;
  /** The survey's public code: the server wants it from anyone but the company's agents. */
  surveyCode?: string;
}

export interface QueueTransport {
  submit(body: ParticipationBody): Promise<ParticipationReceipt>;
  upload(file: Blob, name: string, meta: UploadMeta): Promise<UploadedMedia>;
}

export type QueueEvent =
  | { type: 'sent'; clientUuid: string; final: boolean; receipt: ParticipationReceipt }
  | { type: 'waiting'; clientUuid: string; final: boolean; attempt: number; retryInMs: number; error: TransportError }
  | { type: 'rejected'; clientUuid: string; final: boolean; error: TransportError }
  | { type: 'media-uploaded'; clientUuid: string; questionId: number; media: UploadedMedia }
  /** A file the server no longer knew was sent again: the answer now names `media`. */
  | { type: 'media-replaced'; clientUuid: string; questionId: number; previousId: number; media: UploadedMedia }
  | { type: 'media-failed'; clientUuid: string; questionId: number; message: string }
  /** Refused for want of the survey's code: kept on the phone until the page knows it. */
  | { type: 'held'; clientUuid: string; final: boolean };

interface Entry {
  body: ParticipationBody;
  version: number;
  attempts: number;
  /** Questions whose file was sent again for this state: once each, never in a loop. */
  resent?: number[];
  /** Waits, unsent, for its survey's code (see hold): no request until the page knows it. */
  held?: boolean;
}

export interface SubmitQueueOptions {
  transport: QueueTransport;
  store: KeyValueStore;
  blobs: BlobStore;
  storageKey?: string;
  /** Waits before the 1st, 2nd... retry; the last one repeats. */
  delays?: number[];
  isOnline?: () => boolean;
  /**
   * The public code of the survey of an entry queued by an older page without it (a
   * participation named by survey id, which the server takes from the company's agents
   * only, or a contribution), when the page knows it; else null.
   */
  surveyCodeOf?: (body: ParticipationBody) => string | null;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /**
   * A signed-in account's outbox: a 401 or 499 (session ended, agent suspended, token not
   * renewable now) is no verdict on the answers. They stay queued, retried at the longest
   * delay and at every flush, until the account works again (renewed, or signed in anew).
   */
  waitsForSignIn?: boolean;
}

export interface SubmitQueue {
  /** Queues the latest state of a participation (replacing an unsent older one) and tries to send it. */
  enqueue(body: ParticipationBody): Promise<void>;
  /** Sends everything waiting; resolves when this round is over (sent, waiting or rejected). */
  flush(): Promise<void>;
  pending(clientUuid: string): ParticipationBody | null;
  /** How many submitted participations wait to be sent (partial saves left out): "3 envois en attente". */
  size(): number;
  /** How many entries wait for their survey's code (the respondent must open its link again). */
  held(): number;
  subscribe(listener: (event: QueueEvent) => void): () => void;
  dispose(): void;
}

export const DEFAULT_RETRY_DELAYS = [2_000, 5_000, 15_000, 30_000, 60_000];
export const QUEUE_KEY = 'enq.answer.v1:outbox';

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
      const queued = JSON.parse(store.getItem(key) ?? '{}') as Record<string, Partial<Entry> | null>;
      for (const entry of Object.values(queued)) if (typeof entry?.body?.client_uuid === 'string') found.add(entry.body.client_uuid);
    } catch {
      // An unreadable outbox sends nothing either.
    }
  }
  return found;
}

/** Where the new media of a file sent again is found by the id it replaced. */
const replacedKey = (clientUuid: string, questionId: number, mediaId: number) => `replaced:${clientUuid}:${questionId}:${mediaId}`;

/**
 * Worth retrying later: no answer, a timeout, rate limiting, a server-side failure, or a
 * file the server is still turning into a media (409 upload_completing: it will be there).
 */
export function isRetryable(error: TransportError): boolean {
  const s = error.status;
  return s === null || s === 408 || s === 425 || s === 429 || s === 498 || s >= 500 || (s === 409 && error.code === 'upload_completing');
}

/** The caller's credentials were refused: the session ended or cannot be renewed now. */
export function isSignInLost(error: TransportError): boolean {
  return error.status === 401 || error.status === 499;
}

function asTransportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  return new TransportError(error instanceof Error ? error.message : String(error), null);
}

export function createSubmitQueue(options: SubmitQueueOptions): SubmitQueue {
  const { transport, store, blobs } = options;
  const key = options.storageKey ?? QUEUE_KEY;
  const delays = options.delays ?? DEFAULT_RETRY_DELAYS;
  const waitsForSignIn = options.waitsForSignIn === true;
  /** Worth keeping and trying again: retryable, or a lost sign-in in a signed-in outbox. */
  const keeps = (error: TransportError) => isRetryable(error) || (waitsForSignIn && isSignInLost(error));
  const isOnline = options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const listeners = new Set<(event: QueueEvent) => void>();
  const entries = readMap<Entry>(key);
  // Files already uploaded, by pending key (or replacedKey for a file sent again): a state
  // queued during the upload still names the pending file (or the old id) and must get
  // the same media id, not a second upload.
  const resolved = readMap<UploadedMedia>(`${key}:media`);
  let running: Promise<void> | null = null;
  let again = false;
  let timer: unknown = null;
  let disposed = false;

  function readMap<T>(storageKey: string): Map<string, T> {
    try {
      const raw = store.getItem(storageKey);
      return new Map(raw ? (Object.entries(JSON.parse(raw)) as Array<[string, T]>) : []);
    } catch {
      return new Map();
    }
  }
  function persist() {
    try {
      store.setItem(key, JSON.stringify(Object.fromEntries(entries)));
      store.setItem(`${key}:media`, JSON.stringify(Object.fromEntries(resolved)));
    } catch {
      // The entry still lives in memory for this page; the answers themselves are saved apart.
    }
  }
  const emit = (event: QueueEvent) => {
    for (const listener of listeners) listener(event);
  };

  function scheduleRetry(ms: number) {
    if (disposed) return;
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      void flush();
    }, ms);
  }

  /**
   * An entry queued by an older page does not name its survey by code (a participation
   * names it by id, a contribution not at all): name it by code when the code is known.
   * Otherwise it goes as it is (still accepted from the company's agents) unless held.
   */
  function nameByCode(entry: Entry): void {
    if (entry.body.survey_code) return;
    const code = options.surveyCodeOf?.(entry.body);
    if (!code) return;
    const { survey_id: _byId, ...rest } = entry.body;
    entry.body = { ...rest, survey_code: code };
    persist();
  }

  /**
   * An entry without its survey's code was refused the way the server refuses anyone but
   * the company's agents naming a survey by id (a 404 for the participation, a refused
   * file): the refusal is no verdict on the answers, so they are kept, not deleted. No
   * request goes until the code is known (stillHeld), so nothing loops; the page tells
   * the respondent to open the survey's link again.
   */
  function hold(uuid: string, entry: Entry): false {
    entry.held = true;
    persist();
    emit({ type: 'held', clientUuid: uuid, final: entry.body.status === 'submitted' });
    return false;
  }

  /** Names the entry by code when the page knows it, releasing it if held; true while it must wait. */
  function stillHeld(entry: Entry): boolean {
    nameByCode(entry);
    if (!entry.held) return false;
    if (!entry.body.survey_code) return true;
    delete entry.held;
    persist();
    return false;
  }

  /**
   * Uploads the files of an entry that are still waiting, and names files already sent
   * again by their new id; false when the send must wait.
   */
  async function uploadPending(uuid: string, entry: Entry): Promise<boolean> {
    for (const answer of entry.body.answers) {
      const replaced = typeof answer.value === 'number' ? resolved.get(replacedKey(uuid, answer.question_id, answer.value)) : undefined;
      if (replaced) answer.value = replaced.id;
      if (!isPendingMedia(answer.value)) continue;
      const marker = answer.value;
      const done = resolved.get(marker.pending);
      if (done) {
        answer.value = done.id;
        continue;
      }
      const stored = await blobs.get(marker.pending);
      if (!stored) {
        entry.body.answers = entry.body.answers.filter((a) => a !== answer);
        emit({ type: 'media-failed', clientUuid: uuid, questionId: answer.question_id, message: M.fileLost });
        continue;
      }
      try {
        const media = await transport.upload(stored.blob, stored.name, { clientUuid: uuid, questionId: answer.question_id, surveyCode: entry.body.survey_code });
        answer.value = media.id;
        resolved.set(marker.pending, { id: media.id, name: media.name ?? stored.name });
        persist();
        await keepCopy(blobs, uuid, answer.question_id, media.id, stored.blob, stored.name);
        await blobs.delete(marker.pending);
        emit({ type: 'media-uploaded', clientUuid: uuid, questionId: answer.question_id, media: { ...media, name: media.name ?? stored.name } });
      } catch (raw) {
        const error = asTransportError(raw);
        if (keeps(error)) return fail(uuid, entry, error);
        // Without the survey's code the refusal may only mean "name the survey": keep the file.
        if (!entry.body.survey_code) return hold(uuid, entry);
        // Refused for good (type, size): drop it so the rest can go, and tell the page.
        entry.body.answers = entry.body.answers.filter((a) => a !== answer);
        persist();
        emit({ type: 'media-failed', clientUuid: uuid, questionId: answer.question_id, message: error.message });
      }
    }
    return true;
  }

  function fail(uuid: string, entry: Entry, error: TransportError): false {
    entry.attempts += 1;
    persist();
    // Waiting for a sign-in: no point asking again soon, the flush after signing in sends it.
    const step = waitsForSignIn && isSignInLost(error) ? delays.length - 1 : Math.min(entry.attempts - 1, delays.length - 1);
    const retryInMs = delays[step];
    emit({ type: 'waiting', clientUuid: uuid, final: entry.body.status === 'submitted', attempt: entry.attempts, retryInMs, error });
    scheduleRetry(retryInMs);
    return false;
  }

  /** Once a participation is fully sent its upload bookkeeping is no longer needed. */
  function forgetResolved(entry: Entry) {
    const ids = new Set(entry.body.answers.map((a) => a.value));
    for (const [pendingKey, media] of resolved) if (ids.has(media.id)) resolved.delete(pendingKey);
  }

  /**
   * A submission refused (422) on file answers this phone holds a copy of: the server no
   * longer knows those uploads. Sends each copy again (once per question and state) and
   * names the new media in the body; a 422 stored nothing, so the same client_uuid with
   * the new ids is accepted. 'again' when the body is ready to go, 'wait' when an upload
   * must wait for the network, else the refusal to report.
   */
  async function sendFilesAgain(uuid: string, entry: Entry, refusal: TransportError): Promise<'again' | 'wait' | TransportError> {
    const files = await refusedFiles(blobs, entry.body, refusal.details, new Set(entry.resent));
    if (files.length === 0) return refusal;
    for (const { answer, mediaId, copy } of files) {
      let media: UploadedMedia;
      try {
        media = await transport.upload(copy.blob, copy.name, { clientUuid: uuid, questionId: answer.question_id, surveyCode: entry.body.survey_code });
      } catch (raw) {
        const error = asTransportError(raw);
        if (keeps(error)) {
          fail(uuid, entry, error);
          return 'wait';
        }
        if (!entry.body.survey_code) {
          hold(uuid, entry);
          return 'wait';
        }
        // The file itself is refused now (its question's rules changed): say so on the question.
        return new TransportError(refusal.message, refusal.status, refusal.code, { ...refusal.details, [`answers.${answer.question_id}`]: [error.message] });
      }
      const named = { id: media.id, name: media.name ?? copy.name };
      answer.value = media.id;
      entry.resent = [...(entry.resent ?? []), answer.question_id];
      resolved.set(replacedKey(uuid, answer.question_id, mediaId), named);
      persist();
      await keepCopy(blobs, uuid, answer.question_id, media.id, copy.blob, copy.name);
      emit({ type: 'media-replaced', clientUuid: uuid, questionId: answer.question_id, previousId: mediaId, media: named });
    }
    return 'again';
  }

  async function sendOne(uuid: string, entry: Entry): Promise<void> {
    const version = entry.version;
    if (stillHeld(entry)) return;
    if (!(await uploadPending(uuid, entry))) return;
    if (entry.body.answers.some((a) => isPendingMedia(a.value))) return;
    const final = entry.body.status === 'submitted';
    for (;;) {
      try {
        const receipt = await transport.submit(entry.body);
        if (entries.get(uuid)?.version === version) entries.delete(uuid);
        if (!entries.has(uuid)) forgetResolved(entry);
        persist();
        // The server's answers now name every file: no copy is needed any more.
        if (final) await blobs.deleteAll(keptPrefix(uuid));
        emit({ type: 'sent', clientUuid: uuid, final, receipt });
        return;
      } catch (raw) {
        const error = asTransportError(raw);
        if (keeps(error)) {
          fail(uuid, entry, error);
          return;
        }
        // By id, a survey is found for the company's agents only: anyone else gets a 404.
        if (error.status === 404 && entry.body.survey_id !== undefined && !entry.body.survey_code) {
          hold(uuid, entry);
          return;
        }
        const outcome = error.status === 422 && !disposed ? await sendFilesAgain(uuid, entry, error) : error;
        if (outcome === 'again') continue;
        if (outcome === 'wait') return;
        if (entries.get(uuid)?.version === version) entries.delete(uuid);
        persist();
        emit({ type: 'rejected', clientUuid: uuid, final, error: outcome });
        return;
      }
    }
  }

  async function runRound(): Promise<void> {
    do {
      again = false;
      if (!isOnline()) {
        // No request while offline: the 'online' event or the timer starts the next round.
        for (const [uuid, entry] of entries) if (!stillHeld(entry)) fail(uuid, entry, new TransportError(M.offline, null));
        return;
      }
      for (const [uuid, entry] of [...entries]) {
        if (disposed) return;
        await sendOne(uuid, entry);
      }
    } while (again && !disposed);
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    if (timer !== null) {
      clearTimer(timer);
      timer = null;
    }
    running = runRound().finally(() => {
      running = null;
      // A flush asked for after the round's last check but before it ended must not be lost.
      if (again && !disposed) void flush();
    });
    return running;
  }

  return {
    enqueue(body) {
      const existing = entries.get(body.client_uuid);
      // A submitted participation is never downgraded by a late partial save.
      if (existing?.body.status === 'submitted' && body.status === 'in_progress') return flush();
      const copy = JSON.parse(JSON.stringify(body)) as ParticipationBody;
      entries.set(body.client_uuid, { body: copy, version: (existing?.version ?? 0) + 1, attempts: 0 });
      persist();
      return flush();
    },
    flush,
    pending: (uuid) => entries.get(uuid)?.body ?? null,
    size: () => [...entries.values()].filter((entry) => entry.body.status === 'submitted').length,
    held: () => [...entries.values()].filter((entry) => entry.held).length,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      if (timer !== null) clearTimer(timer);
      listeners.clear();
    },
  };
}
