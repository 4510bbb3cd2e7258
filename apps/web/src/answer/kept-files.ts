/**
 * Copies of answer files already uploaded, kept on the phone until their participation
 * is sent for good. The server deletes an upload sent without a session that no stored
 * answer names a week after it came (API.md "Files"): a phone that submits later is
 * refused (422 on that answer), and the submit queue then sends the copy again instead
 * of asking the respondent for the file. A participation discarded on the phone (a new
 * one started in its place) drops its copies at once (media-service forgetFiles), and
 * copies a month old that no waiting participation needs go when a page opens: IndexedDB
 * space is what offline photos need.
 */
import type { ParticipationBody } from './answer-types';
import type { BlobStore, StoredBlob } from './media-store';

const PREFIX = 'kept:';

/** One copy per participation, question and media id (a replaced file keeps its own). */
export const keptKey = (clientUuid: string, questionId: number, mediaId: number) => `${PREFIX}${clientUuid}:${questionId}:${mediaId}`;

/** Every copy of a participation, dropped once its submission is acknowledged. */
export const keptPrefix = (clientUuid: string) => `${PREFIX}${clientUuid}:`;

/** How long a copy is kept when no participation waiting to be sent needs it. */
export const KEPT_COPY_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The participation a copy's key belongs to (client_uuids hold no colon). */
const clientUuidOf = (key: string) => key.slice(PREFIX.length).split(':')[0];

/**
 * Deletes copies older than KEPT_COPY_MAX_AGE_MS except those of the participations in
 * `queued` (still waiting in an outbox: a late submission may need them). Returns how many went.
 */
export async function pruneKeptCopies(blobs: BlobStore, queued: ReadonlySet<string>, now: number = Date.now()): Promise<number> {
  let deleted = 0;
  for (const { key, savedAt } of await blobs.ages(PREFIX)) {
    if (now - savedAt < KEPT_COPY_MAX_AGE_MS || queued.has(clientUuidOf(key))) continue;
    await blobs.delete(key);
    deleted += 1;
  }
  return deleted;
}

export function keepCopy(blobs: BlobStore, clientUuid: string, questionId: number, mediaId: number, file: Blob, name: string): Promise<void> {
  return blobs.put(keptKey(clientUuid, questionId, mediaId), file, name);
}

export interface RefusedFile {
  answer: ParticipationBody['answers'][number];
  mediaId: number;
  copy: StoredBlob;
}

/**
 * The answers a refusal names (`answers.<question id>`) that carry a media id this phone
 * holds a copy of, leaving out the questions in `skip`. Only file answers have copies,
 * so any other refused answer is never taken for one.
 */
export async function refusedFiles(
  blobs: BlobStore,
  body: ParticipationBody,
  details: Record<string, string[]> | undefined,
  skip: ReadonlySet<number>,
): Promise<RefusedFile[]> {
  const found: RefusedFile[] = [];
  for (const answer of body.answers) {
    const mediaId = answer.value;
    if (typeof mediaId !== 'number' || skip.has(answer.question_id) || !details?.[`answers.${answer.question_id}`]) continue;
    const copy = await blobs.get(keptKey(body.client_uuid, answer.question_id, mediaId));
    if (copy) found.push({ answer, mediaId, copy });
  }
  return found;
}
