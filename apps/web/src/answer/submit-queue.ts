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
import type { ParticipationBody, UploadedMedia } from './answer-types';
import { keepCopy, keptPrefix, refusedFiles } from './kept-files';
import { M } from './messages';
import { DEFAULT_RETRY_DELAYS, QUEUE_KEY, type QueueEntry as Entry, type QueueEvent, type SubmitQueue, type SubmitQueueOptions } from './submit-queue-types';
import { asTransportError, isRetryable, isSignInLost, TransportError } from './transport-error';

export * from './queued-client-uuids';
export * from './submit-queue-types';
export * from './transport-error';

/** Where the new media of a file sent again is found by the id it replaced. */
const replacedKey = (clientUuid: string, questionId: number, mediaId: number) => `replaced:${clientUuid}:${questionId}:${mediaId}`;

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
  const mirror = options.mirror;
  let mirrored: Promise<unknown> = Promise.resolve();

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
    mirrorNow();
  }
  /** Copies the entries as they are now to IndexedDB, one write after the other. */
  let mirroredOnce = false;
  function mirrorNow() {
    if (!mirror) return;
    // An empty queue that never wrote has nothing to copy (and a page that only opens a form
    // does not load the mirror's code): what an earlier visit left there stays for the service worker.
    if (entries.size === 0 && !mirroredOnce) return;
    mirroredOnce = true;
    const queued = [...entries.values()].map((e) => ({ body: JSON.parse(JSON.stringify(e.body)) as ParticipationBody, version: e.version, held: e.held }));
    mirrored = mirrored.then(() => mirror.write(key, queued)).catch(() => undefined);
  }
  /**
   * Forgets what the service worker sent while the page was away (or in another tab's
   * stead), telling the page as if it had sent it itself.
   */
  async function takeSentByWorker(): Promise<void> {
    // Nothing waits here, nothing to learn (and the mirror's code is not loaded for nothing).
    if (!mirror || entries.size === 0) return;
    await mirrored;
    let done: Awaited<ReturnType<typeof mirror.sent>>;
    try {
      done = await mirror.sent(key);
    } catch {
      return;
    }
    for (const { clientUuid, version, receipt } of done) {
      const entry = entries.get(clientUuid);
      if (!entry || entry.version > version) continue;
      entries.delete(clientUuid);
      forgetResolved(entry);
      persist();
      await mirror.forget(clientUuid).catch(() => undefined);
      const final = entry.body.status === 'submitted';
      if (final) await blobs.deleteAll(keptPrefix(clientUuid));
      emit({ type: 'sent', clientUuid, final, receipt });
    }
  }
  /**
   * Claims the entry in IndexedDB before sending it: false when the service worker (or
   * another tab) is sending it now, or sent it already. Files it uploaded are named, not sent again.
   */
  async function claim(uuid: string): Promise<boolean> {
    if (!mirror) return true;
    await mirrored;
    let outcome: Awaited<ReturnType<typeof mirror.claim>>;
    try {
      outcome = await mirror.claim(uuid);
    } catch {
      // No IndexedDB now: the service worker cannot read the entry either.
      return true;
    }
    if (outcome.state === 'claimed') {
      for (const [pending, media] of Object.entries(outcome.record.uploaded)) if (!resolved.has(pending)) resolved.set(pending, media);
      return true;
    }
    if (outcome.state === 'sent') again = true;
    else if (outcome.state === 'busy') scheduleRetry(delays[0]);
    return outcome.state === 'absent';
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
    mirror?.requestSync();
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
    if (stillHeld(entry)) return;
    if (!(await claim(uuid))) return;
    try {
      await sendClaimed(uuid, entry);
    } finally {
      await mirror?.release(uuid).catch(() => undefined);
    }
  }

  async function sendClaimed(uuid: string, entry: Entry): Promise<void> {
    const version = entry.version;
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
      await takeSentByWorker();
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
    // The account's token may have been renewed since the last write: the service worker sends with the newest.
    mirrorNow();
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
