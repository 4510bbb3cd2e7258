/** What the outbox of participations keeps, tells and offers (submit-queue.ts). */
import type { KeyValueStore } from './answer-storage';
import type { ParticipationBody, ParticipationReceipt, UploadedMedia } from './answer-types';
import type { BlobStore } from './media-store';
import type { QueueMirror } from './queue-mirror';
import type { QueueTransport, TransportError } from './transport-error';

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

export interface QueueEntry {
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
  /**
   * The outbox's copy in IndexedDB, which the service worker sends from after the tab is
   * closed (queue-mirror.ts). Each entry is claimed there before it is sent, by the page
   * or the service worker, so the two never send it at the same time.
   */
  mirror?: QueueMirror;
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

