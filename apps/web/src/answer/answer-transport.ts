/**
 * The answering page's calls to /api/v2, on bare fetch: the public page must stay
 * light, so it does not load the app's HTTP client. The signed-in pages pass their own
 * transport (features/collection/answering) built on that client instead.
 */
import type { ContributorStartView } from '@app/contracts/participation-views';
import type { SurveyTargetChoices } from '@app/contracts/targets';
import { type AnswerDefinition, contributionOf, type ParticipationBody, type ParticipationReceipt, type UploadedMedia } from './answer-types';
import { browserStore, type KeyValueStore } from './answer-storage';
import { M } from './messages';
import { PIECE_CONTENT_TYPE, type PieceCalls, type StartUpload, type UploadStatus, uploadResumable } from './resumable-upload';
import { type QueueTransport, TransportError } from './transport-error';

export interface AnswerTransport extends QueueTransport {
  /**
   * `GET surveys/{code}/participate`: the survey with its steps, questions and choices.
   * Always the public code: the server takes a numeric id only from the company's agents.
   */
  loadDefinition(ref: string): Promise<AnswerDefinition>;
  /** Where an uploaded image can be shown back (an anonymous respondent reads it with their key). */
  mediaUrl?(id: number, clientUuid: string): string | null;
  /** `GET contributions/participation/{id}`: the answers already given in an invited contributor's steps. */
  loadContribution?(participationId: number): Promise<ContributorStartView>;
  /** `GET surveys/{code}/targets?q=`: what an evaluation's own link (no target in it) may be answered about. */
  loadTargets?(code: string, query: string): Promise<SurveyTargetChoices>;
}

/** The paths this page calls (API.md "Participations"). */
export const ANSWER_PATHS = {
  definition: (ref: string) => `surveys/${encodeURIComponent(ref)}/participate`,
  contributionStart: (participationId: number) => `contributions/participation/${participationId}`,
  targets: (code: string, query: string) => `surveys/${encodeURIComponent(code)}/targets${query ? `?q=${encodeURIComponent(query)}` : ''}`,
  submit: 'participations',
  contribute: 'contributions',
  upload: 'medias',
  uploads: 'medias/uploads',
  uploadPiece: (id: string, key: string) => `medias/uploads/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`,
};

export interface FetchTransportOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Extra headers per call (credentials of a signed-in account). */
  headers?: () => Record<string, string>;
  timeoutMs?: number;
  /** The page's language at the time of each call (Accept-Language): the server answers in it where it can. */
  language?: () => string;
  /** Where the ids of uploads under way are kept, to resume them (localStorage by default). */
  uploadStore?: KeyValueStore;
  pieceBytes?: number;
}

type Envelope<T> = { success?: boolean; data?: T; message?: string; code?: string; errors?: Record<string, string[]> };

function readDetails(body: Envelope<unknown> | null): Record<string, string[]> | undefined {
  const details = body && typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? body.data : body?.errors;
  return details ? (details as Record<string, string[]>) : undefined;
}

/**
 * Sends a participation, or a contributor's part of one; the receipt's id is always the
 * participation's (the reference shown on the end screen).
 */
export async function sendBody(body: ParticipationBody, post: (path: string, payload: unknown) => Promise<unknown>): Promise<ParticipationReceipt> {
  if (body.participation_id === undefined) return (await post(ANSWER_PATHS.submit, body)) as ParticipationReceipt;
  await post(ANSWER_PATHS.contribute, contributionOf({ ...body, participation_id: body.participation_id }));
  return { id: body.participation_id, status: body.status };
}

export function createFetchTransport(options: FetchTransportOptions = {}): AnswerTransport {
  const base = (options.baseUrl ?? '/api/v2').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call<T>(method: string, path: string, body?: unknown, timeout = timeoutMs, extra: Record<string, string> = {}): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': options.language?.() ?? 'fr',
      'App-Type': 'WEB',
      ...options.headers?.(),
      ...extra,
    };
    let payload: BodyInit | undefined;
    if (body instanceof FormData || body instanceof Blob) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    let response: Response;
    try {
      response = await doFetch(`${base}/${path}`, { method, headers, body: payload, signal: controller.signal, credentials: 'same-origin' });
    } catch {
      throw new TransportError(timedOut ? () => M.serverSlow : () => M.noServer, null);
    } finally {
      clearTimeout(timer);
    }
    let parsed: Envelope<T> | null = null;
    try {
      parsed = (await response.json()) as Envelope<T>;
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      const status = response.status;
      const message = parsed?.message || (() => M.serverError(status));
      // A 409 of a resumable upload names the offset to go on from.
      throw new TransportError(message, response.status, parsed?.code, response.status === 422 || response.status === 409 ? readDetails(parsed) : undefined);
    }
    return (parsed && 'data' in parsed ? parsed.data : parsed) as T;
  }

  return {
    loadDefinition: (ref) => call<AnswerDefinition>('GET', ANSWER_PATHS.definition(ref)),
    loadContribution: (id) => call<ContributorStartView>('GET', ANSWER_PATHS.contributionStart(id)),
    loadTargets: (code, query) => call<SurveyTargetChoices>('GET', ANSWER_PATHS.targets(code, query)),
    mediaUrl: (id, clientUuid) => `${base}/medias/${id}/content?key=${encodeURIComponent(clientUuid)}`,
    submit: (body: ParticipationBody) => sendBody(body, (path, payload) => call('POST', path, payload)),
    upload(file, name, meta): Promise<UploadedMedia> {
      // A piece on a slow line takes a while: a longer wait than a JSON call.
      const pieceTimeout = Math.max(timeoutMs, 120_000);
      const calls: PieceCalls = {
        start: (body: StartUpload) => call<UploadStatus>('POST', ANSWER_PATHS.uploads, body),
        status: (id, key) => call<UploadStatus>('GET', ANSWER_PATHS.uploadPiece(id, key)),
        send: (id, key, offset, piece) =>
          call<UploadStatus>('PATCH', ANSWER_PATHS.uploadPiece(id, key), piece, pieceTimeout, { 'Content-Type': PIECE_CONTENT_TYPE, 'Upload-Offset': String(offset) }),
      };
      return uploadResumable(file, name, meta, calls, { store: options.uploadStore ?? browserStore(), pieceBytes: options.pieceBytes });
    },
  };
}
