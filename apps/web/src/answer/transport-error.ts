/**
 * How the outbox reads a failed call (the page's and the service worker's senders alike):
 * the error, what a transport offers, and which failures are worth trying again.
 */
import type { ParticipationBody, ParticipationReceipt, UploadedMedia } from './answer-types';
import { type PageText, PageTextError } from './messages';

/**
 * A refusal or a failure of the server or the network. Its message is the server's words
 * (a string), or the page's own (a PageText, read again after a language switch).
 */
export class TransportError extends PageTextError {
  constructor(
    message: string | PageText,
    readonly status: number | null,
    readonly code?: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(typeof message === 'function' ? message : () => message);
    this.name = 'TransportError';
  }
}

/** What an answer file is sent with besides itself. */
export interface UploadMeta {
  clientUuid: string;
  questionId: number;
  /** The survey's public code: the server wants it from anyone but the company's agents. */
  surveyCode?: string;
}

export interface QueueTransport {
  submit(body: ParticipationBody): Promise<ParticipationReceipt>;
  upload(file: Blob, name: string, meta: UploadMeta): Promise<UploadedMedia>;
}

/**
 * Worth retrying later: no answer, a timeout, rate limiting, a server-side failure, or a
 * file the server is still turning into a media (409 upload_completing: it will be there).
 */
export function isRetryable(error: TransportError): boolean {
  const s = error.status;
  return s === null || s === 408 || s === 425 || s === 429 || s === 498 || s >= 500 || (s === 409 && error.code === 'upload_completing');
}

/** The caller's credentials were refused: the session ended or cannot be renewed now. */
export function isSignInLost(error: TransportError): boolean {
  return error.status === 401 || error.status === 499;
}

export function asTransportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  return new TransportError(error instanceof Error ? error.message : String(error), null);
}

