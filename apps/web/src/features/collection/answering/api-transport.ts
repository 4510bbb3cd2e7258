import type { ContributorStartView } from '@app/contracts/participation-views';
import type { SurveyTargetChoices } from '@app/contracts/targets';
import { ANSWER_PATHS, type AnswerTransport, type StoredMedia, sendBody, toUploaded, uploadForm } from '../../../answer/answer-transport';
import type { AnswerDefinition } from '../../../answer/answer-types';
import { TransportError } from '../../../answer/submit-queue';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/http-error';

/** The app client's failure as the answering queue reads it: no answer is status null (retry later). */
function toTransportError(error: unknown): TransportError {
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
 * The answering page's calls through the app's client, so a signed-in respondent's
 * participation carries their account (and an expired token is renewed on the way).
 */
export function createApiTransport(): AnswerTransport {
  return {
    loadDefinition: (ref) => wrap(() => api.get<AnswerDefinition>(ANSWER_PATHS.definition(ref))),
    loadContribution: (id) => wrap(() => api.get<ContributorStartView>(ANSWER_PATHS.contributionStart(id))),
    loadTargets: (code, query) => wrap(() => api.get<SurveyTargetChoices>(ANSWER_PATHS.targets(code, query))),
    submit: (body) => wrap(() => sendBody(body, (path, payload) => api.post(path, payload))),
    upload: (file, name, meta) => wrap(() => api.post<StoredMedia>(ANSWER_PATHS.upload, uploadForm(file, name, meta)).then(toUploaded)),
  };
}
