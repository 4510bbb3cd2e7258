import type { ContributorStartView } from '@app/contracts/participation-views';
import type { SurveyTargetChoices } from '@app/contracts/targets';
import { ANSWER_PATHS, type AnswerTransport, sendBody } from '../../../answer/answer-transport';
import { browserStore } from '../../../answer/answer-storage';
import { PIECE_CONTENT_TYPE, type PieceCalls, type UploadStatus, uploadResumable } from '../../../answer/resumable-upload';
import type { AnswerDefinition } from '../../../answer/answer-types';
import { TransportError } from '../../../answer/transport-error';
import { api } from '../../../lib/api-client';
import type { RequestSession } from '../../../lib/http';
import { isApiError } from '../../../lib/http-error';
import { requestSessionOf } from '../../../lib/session/account-model';
import { accounts } from '../../../lib/session/account-store';

/** The app client's failure as the answering queue reads it: no answer is status null (retry later). */
function toTransportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  if (!isApiError(error)) return new TransportError(error instanceof Error ? error.message : String(error), null);
  const status = error.kind === 'http' ? error.status : null;
  return new TransportError(error.message, status, error.code, Object.keys(error.fieldErrors).length ? error.fieldErrors : undefined);
}

async function wrap<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toTransportError(error);
  }
}

/**
 * The credentials of the account `sid`, read at each call (a renewed token is used at
 * once). Its account gone (signed out, session revoked), nothing is sent: an agent's visit
 * must never leave without its author, as an anonymous answer.
 */
function sessionOf(sid: string | undefined): { session?: RequestSession } {
  if (sid === undefined) return {};
  const account = accounts.get(sid);
  if (!account) throw new TransportError('Connectez-vous de nouveau pour envoyer ce qui attend sur cet appareil.', 401, 'signed_out');
  return { session: requestSessionOf(account) };
}

/**
 * The answering page's calls through the app's client, so a signed-in respondent's
 * participation carries their account (and an expired token is renewed on the way).
 * With `sid`, every call carries that account whatever page is shown (the background
 * outbox sends while the agent looks at another account or another page).
 */
export function createApiTransport(sid?: string, options: { keptDefinition?: (code: string) => Promise<unknown | null> } = {}): AnswerTransport {
  return {
    async loadDefinition(ref) {
      try {
        return await wrap(() => api.get<AnswerDefinition>(ANSWER_PATHS.definition(ref), sessionOf(sid)));
      } catch (error) {
        // No answer (offline): the survey as "Ma journée" kept it on the phone, when it did.
        const kept = error instanceof TransportError && error.status === null ? await options.keptDefinition?.(ref) : null;
        if (kept) return kept as AnswerDefinition;
        throw error;
      }
    },
    loadContribution: (id) => wrap(() => api.get<ContributorStartView>(ANSWER_PATHS.contributionStart(id), sessionOf(sid))),
    loadTargets: (code, query) => wrap(() => api.get<SurveyTargetChoices>(ANSWER_PATHS.targets(code, query), sessionOf(sid))),
    submit: (body) => wrap(() => sendBody(body, (path, payload) => api.post(path, payload, sessionOf(sid)))),
    upload(file, name, meta) {
      // In pieces, resumed after a drop (resumable-upload.ts); each call renews a lapsed token on the way.
      const calls: PieceCalls = {
        start: (body) => wrap(() => api.post<UploadStatus>(ANSWER_PATHS.uploads, body, sessionOf(sid))),
        status: (id, key) => wrap(() => api.get<UploadStatus>(ANSWER_PATHS.uploadPiece(id, key), sessionOf(sid))),
        send: (id, key, offset, piece) =>
          wrap(async () => {
            const headers = { 'Content-Type': PIECE_CONTENT_TYPE, 'Upload-Offset': String(offset) };
            const answer = await api.request<UploadStatus>('PATCH', ANSWER_PATHS.uploadPiece(id, key), { ...sessionOf(sid), body: piece, headers, timeoutMs: 120_000 });
            return answer.data;
          }),
      };
      return uploadResumable(file, name, meta, calls, { store: browserStore() });
    },
  };
}
