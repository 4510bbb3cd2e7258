/**
 * Sends an answer file in pieces (API.md "Fichiers envoyés en morceaux"): announced once
 * (`POST medias/uploads`), then each piece at the offset the server says it holds. A
 * dropped connection costs the piece under way, not the file: the next try (the queue's
 * retry, or the page opened again) asks the server where it stopped and goes on from
 * there. The upload's id is kept on the phone (KeyValueStore) until the file is complete.
 */
import type { KeyValueStore } from './answer-storage';
import type { UploadedMedia } from './answer-types';
import { TransportError, type UploadMeta } from './transport-error';

/** What the server says of an upload (`data` of the three calls). */
export interface UploadStatus {
  id: string;
  size: number;
  offset: number;
  /** Another request is turning the bytes into a media: ask again shortly. */
  completing?: boolean;
  media: { id: number; original_name?: string | null } | null;
}

export interface StartUpload {
  question_id: number;
  survey_code?: string;
  client_uuid: string;
  filename: string;
  size: number;
}

/** The three calls, bound to a transport (bare fetch on the public page, the app's client inside). */
export interface PieceCalls {
  start(body: StartUpload): Promise<UploadStatus>;
  /** `key`: the participation's client_uuid, the credential of a sender without a session. */
  status(id: string, key: string): Promise<UploadStatus>;
  send(id: string, key: string, offset: number, piece: Blob): Promise<UploadStatus>;
}

/** 256 KiB: about 40 s on a 2G line, so a drop loses little and a piece rarely times out. */
export const DEFAULT_PIECE_BYTES = 256 * 1024;
export const UPLOADS_KEY = 'enq.answer.v1:uploads';
export const PIECE_CONTENT_TYPE = 'application/offset+octet-stream';

export interface ResumableOptions {
  store: KeyValueStore;
  pieceBytes?: number;
  /** Waits between asks while the server completes the file (tests pass an instant one). */
  wait?: (ms: number) => Promise<void>;
}

/** How often, and how many times in one try, the state of a file being completed is asked. */
export const COMPLETING_POLL_MS = 2_000;
export const COMPLETING_POLLS = 5;

const slotOf = (file: Blob, name: string, meta: UploadMeta) => `${UPLOADS_KEY}:${meta.clientUuid}:${meta.questionId}:${file.size}:${name}`;

/** The offset a 409 names (`data.offset: ["2000"]`), or null. */
function offsetOf(error: TransportError): number | null {
  const value = Number(error.details?.offset?.[0]);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

function forget(store: KeyValueStore, slot: string) {
  try {
    store.removeItem(slot);
  } catch {
    // Nothing kept: the next try starts over.
  }
}

/** Uploads `file` in pieces, resuming an upload of the same file for the same answer. */
export async function uploadResumable(file: Blob, name: string, meta: UploadMeta, calls: PieceCalls, options: ResumableOptions): Promise<UploadedMedia> {
  const pieceBytes = options.pieceBytes ?? DEFAULT_PIECE_BYTES;
  const slot = slotOf(file, name, meta);
  const key = meta.clientUuid;
  let status: UploadStatus | null = null;
  const keptId = options.store.getItem(slot);
  if (keptId) {
    try {
      status = await calls.status(keptId, key);
    } catch (error) {
      // Swept, or ended by a refusal: start over. Anything else (offline) is the caller's to retry.
      if (!(error instanceof TransportError && error.status === 404)) throw error;
      forget(options.store, slot);
    }
  }
  if (!status) {
    status = await calls.start({ question_id: meta.questionId, survey_code: meta.surveyCode, client_uuid: key, filename: name, size: file.size });
    options.store.setItem(slot, status.id);
  }
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let conflicts = 0;
  let polls = 0;
  let restarted = false;
  for (;;) {
    if (status.media) {
      forget(options.store, slot);
      return { id: status.media.id, name: status.media.original_name ?? name };
    }
    const from: number = status.offset;
    const piece = file.slice(from, Math.min(from + pieceBytes, file.size));
    try {
      status = await calls.send(status.id, key, from, piece);
      conflicts = 0;
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      if (error.status === 409 && error.code === 'upload_completing') {
        // Another request (a retry whose answer was lost) is making the media: it comes.
        // Asked a few times here; past that the error is a retryable one for the queue,
        // which keeps the file and the upload's id and asks again later.
        if (++polls > COMPLETING_POLLS) throw error;
        await wait(COMPLETING_POLL_MS);
        status = await calls.status(status.id, key);
        continue;
      }
      // The upload is gone (swept, or its bytes lost in a crash mid-completion): the phone
      // still has the file, so it is sent anew, once per try.
      if (error.status === 404 && !restarted) {
        restarted = true;
        forget(options.store, slot);
        status = await calls.start({ question_id: meta.questionId, survey_code: meta.surveyCode, client_uuid: key, filename: name, size: file.size });
        options.store.setItem(slot, status.id);
        continue;
      }
      const offset = error.status === 409 ? offsetOf(error) : null;
      // The server holds more (or less) than we thought: go on from its offset.
      if (offset !== null && ++conflicts <= 3) status = { ...status, offset };
      else {
        // Refused for good (type, size) or gone: this upload is over, the next try starts anew.
        if (error.status === 404 || error.status === 413 || error.status === 415 || error.status === 422) forget(options.store, slot);
        throw error;
      }
    }
  }
}
