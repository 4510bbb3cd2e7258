import { isPendingMedia, isUploadedMedia } from './answer-state';
import type { AnswerQuestion, PendingMedia, UploadedMedia } from './answer-types';
import { keepCopy, keptKey, keptPrefix } from './kept-files';
import type { BlobStore } from './media-store';
import { isRetryable, type QueueTransport, TransportError } from './transport-error';
import type { MediaService } from './question-kit';
import { PageTextError } from './messages';

/** Files chosen offline wait under their participation's key, until the queue uploads them. */
const pendingPrefix = (clientUuid: string) => `${clientUuid}:`;

/**
 * Drops every file the phone holds for a participation it no longer sends (a new one
 * started in its place): the ones waiting to go and the kept copies of uploaded ones.
 */
export async function forgetFiles(blobs: BlobStore, clientUuid: string): Promise<void> {
  await blobs.deleteAll(pendingPrefix(clientUuid));
  await blobs.deleteAll(keptPrefix(clientUuid));
}

/**
 * Files for file, photo and signature answers: uploaded at once when the network
 * allows, else kept in the blob store under a pending key that the submit queue
 * uploads before sending the participation. An uploaded file keeps a copy too, for the
 * queue to send again should the server have deleted it before the submission.
 */
export function createMediaService(o: {
  transport: QueueTransport & { mediaUrl?(id: number, clientUuid: string): string | null };
  blobs: BlobStore;
  clientUuid: () => string;
  /** The survey's public code, which the server wants with the file (see UploadMeta). */
  surveyCode: () => string;
}): MediaService {
  return {
    async attach(question: AnswerQuestion, file: Blob, name: string): Promise<UploadedMedia | PendingMedia> {
      const clientUuid = o.clientUuid();
      const keep = async (): Promise<PendingMedia> => {
        const pending = `${pendingPrefix(clientUuid)}${question.id}:${Date.now().toString(36)}`;
        await o.blobs.put(pending, file, name);
        return { pending, name };
      };
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return keep();
      try {
        const media = await o.transport.upload(file, name, { clientUuid, questionId: question.id, surveyCode: o.surveyCode() });
        await keepCopy(o.blobs, clientUuid, question.id, media.id, file, name);
        return { id: media.id, name: media.name ?? name };
      } catch (raw) {
        const error = raw instanceof TransportError ? raw : new TransportError(String(raw), null);
        if (isRetryable(error)) return keep();
        // The message as the transport gave it: the page's own words stay live.
        throw new PageTextError(error.text);
      }
    },
    release(value: unknown, question: AnswerQuestion) {
      if (isPendingMedia(value)) void o.blobs.delete(value.pending);
      else if (isUploadedMedia(value)) void o.blobs.delete(keptKey(o.clientUuid(), question.id, value.id));
    },
    urlOf(value: unknown) {
      return isUploadedMedia(value) ? (o.transport.mediaUrl?.(value.id, o.clientUuid()) ?? null) : null;
    },
  };
}
