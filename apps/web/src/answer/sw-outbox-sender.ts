/**
 * What the service worker does when the browser fires the outbox's `sync` (src/sw.ts): it
 * sends the entries mirrored in IndexedDB (outbox-mirror.ts), tab open or not, with the
 * same client_uuid as the page (the server keeps one participation per key, so a send
 * whose answer was lost is harmless). It only takes the plain road: each entry is claimed
 * first (outbox-claim.ts), its waiting files uploaded, then the participation sent. Anything
 * that needs the page stays for the page, untouched: a signed-in entry whose token lapsed
 * (the page renews it), a refusal (the page tells the agent, sends lost files again, holds
 * entries without a survey code), a file no longer on the phone.
 */
import type { UseStore } from 'idb-keyval';
import { isPendingMedia } from './answer-state';
import { memoryStore } from './answer-storage';
import { createFetchTransport } from './answer-transport';
import type { ParticipationBody, UploadedMedia } from './answer-types';
import { keepCopy, keptPrefix } from './kept-files';
import type { BlobStore } from './media-store';
import { claimEntry, markSent, releaseEntry } from './outbox-claim';
import { type MirrorAuth, type MirroredEntry, outboxDatabase, readMirror } from './outbox-mirror';
import { asTransportError, isRetryable } from './transport-error';

/** The service worker's name as a sender (outbox-claim.ts). */
export const WORKER_SENDER = 'service-worker';

/** A token lapsing within this margin is left to the page, which renews it first. */
export const TOKEN_MARGIN_MS = 30_000;

export interface WorkerSendOptions {
  blobs: BlobStore;
  fetch: typeof fetch;
  db?: UseStore;
  now?: () => number;
  baseUrl?: string;
}

export interface WorkerSendReport {
  sent: number;
  /** Left for the page: token lapsed, refused, held, or being sent by the page now. */
  left: number;
  /** A send failed for want of a network or a working server: worth the browser's retry. */
  retry: boolean;
}

function headersOf(auth: MirrorAuth | null): Record<string, string> {
  if (!auth) return {};
  const headers: Record<string, string> = { Authorization: `Bearer ${auth.token}`, userID: String(auth.userId) };
  if (auth.agentId !== undefined && auth.agentId !== null) headers['Agent-id'] = String(auth.agentId);
  return headers;
}

/** Whether the service worker may send this entry at all (else the page does). */
function isWorkersToSend(record: MirroredEntry, now: number): boolean {
  if (record.held || (record.sent && record.sent.version >= record.version)) return false;
  if (!record.signedIn) return true;
  return record.auth !== null && (record.auth.expiresAt === null || record.auth.expiresAt - TOKEN_MARGIN_MS > now);
}

type Outcome = 'sent' | 'left' | 'retry';

async function sendRecord(record: MirroredEntry, options: WorkerSendOptions, db: UseStore): Promise<Outcome> {
  const transport = createFetchTransport({ baseUrl: options.baseUrl, fetch: options.fetch, headers: () => headersOf(record.auth), uploadStore: memoryStore() });
  const body = JSON.parse(JSON.stringify(record.body)) as ParticipationBody;
  const uploaded: Record<string, UploadedMedia> = {};
  const pendingKeys: string[] = [];
  try {
    for (const answer of body.answers) {
      if (!isPendingMedia(answer.value)) continue;
      const pending = answer.value.pending;
      pendingKeys.push(pending);
      const done = record.uploaded[pending];
      if (done) {
        answer.value = done.id;
        continue;
      }
      const stored = await options.blobs.get(pending);
      // The file is gone from the phone: the page tells the agent.
      if (!stored) return 'left';
      const media = await transport.upload(stored.blob, stored.name, { clientUuid: body.client_uuid, questionId: answer.question_id, surveyCode: body.survey_code });
      uploaded[pending] = { id: media.id, name: media.name ?? stored.name };
      answer.value = media.id;
      // As the page does: a copy for a late refusal of the file (kept-files.ts).
      await keepCopy(options.blobs, body.client_uuid, answer.question_id, media.id, stored.blob, stored.name);
    }
    const receipt = await transport.submit(body);
    await markSent(record.clientUuid, WORKER_SENDER, record.version, receipt, db);
    for (const pending of pendingKeys) await options.blobs.delete(pending);
    if (body.status === 'submitted') await options.blobs.deleteAll(keptPrefix(body.client_uuid));
    return 'sent';
  } catch (raw) {
    return isRetryable(asTransportError(raw)) ? 'retry' : 'left';
  } finally {
    // Files uploaded stay named for whoever sends next; a sent entry keeps its `sent` mark.
    await releaseEntry(record.clientUuid, WORKER_SENDER, uploaded, db);
  }
}

/** One round over the mirrored outbox: each entry the service worker may send, claimed, then sent. */
export async function sendMirroredOutbox(options: WorkerSendOptions): Promise<WorkerSendReport> {
  const db = options.db ?? outboxDatabase();
  const now = options.now ?? Date.now;
  const report: WorkerSendReport = { sent: 0, left: 0, retry: false };
  for (const record of await readMirror(db)) {
    if (record.sent && record.sent.version >= record.version) continue;
    if (!isWorkersToSend(record, now())) {
      report.left += 1;
      continue;
    }
    const claim = await claimEntry(record.clientUuid, WORKER_SENDER, now(), db);
    if (claim.state !== 'claimed') {
      if (claim.state === 'busy') report.left += 1;
      continue;
    }
    const outcome = await sendRecord(claim.record, options, db);
    if (outcome === 'sent') report.sent += 1;
    else if (outcome === 'retry') report.retry = true;
    else report.left += 1;
  }
  return report;
}

/**
 * Tries inside one sync event, this long apart: the browser's own retries are few (three in
 * Chromium) and minutes apart, while a 2G link often comes back within a minute. The sum
 * stays under the browser's limit for one event (3 minutes in Chromium).
 */
export const IN_EVENT_WAITS_MS = [5_000, 10_000, 20_000, 30_000, 30_000, 30_000];

/**
 * Rounds until nothing is left for want of a network: resolves when done (or left to the
 * page), rejects when the network never came back, so that the browser tries again later.
 */
export async function sendUntilDone(
  options: WorkerSendOptions,
  tries: { waits?: number[]; sleep?: (ms: number) => Promise<void>; lastChance?: boolean } = {},
): Promise<WorkerSendReport> {
  const waits = tries.waits ?? IN_EVENT_WAITS_MS;
  const sleep = tries.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const total: WorkerSendReport = { sent: 0, left: 0, retry: false };
  for (let attempt = 0; ; attempt += 1) {
    const report = await sendMirroredOutbox(options);
    total.sent += report.sent;
    total.left = report.left;
    total.retry = report.retry;
    if (!report.retry) return total;
    const wait = waits[attempt];
    if (wait === undefined) {
      // The browser's last try: nothing to gain from rejecting; the page sends when opened.
      if (tries.lastChance) return total;
      throw new Error('outbox: no network or no server, the browser tries again later');
    }
    await sleep(wait);
  }
}
