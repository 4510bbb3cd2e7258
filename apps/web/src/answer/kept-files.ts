/**
 * Copies of answer files already uploaded, kept on the phone until their participation
 * is sent for good. The server deletes an upload sent without a session that no stored
 * answer names a week after it came (API.md "Files"): a phone that submits later is
 * refused (422 on that answer), and the submit queue then sends the copy again instead
 * of asking the respondent for the file.
 */
import type { ParticipationBody } from './answer-types';
import type { BlobStore, StoredBlob } from './media-store';

const PREFIX = 'kept:';

/** One copy per participation, question and media id (a replaced file keeps its own). */
export const keptKey = (clientUuid: string, questionId: number, mediaId: number) => `${PREFIX}${clientUuid}:${questionId}:${mediaId}`;

/** Every copy of a participation, dropped once its submission is acknowledged. */
export const keptPrefix = (clientUuid: string) => `${PREFIX}${clientUuid}:`;

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
