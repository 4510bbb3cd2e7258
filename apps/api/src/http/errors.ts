import { type Locale, statusMessage } from '@app/contracts';

/**
 * The one error type of the API. Services and helpers throw it; the error handler
 * turns it into the envelope of API.md. `message` is already in the caller's language
 * or is left empty to use the status message; code that does not know that language
 * gives `inLocale` instead (`localizedError`).
 */
export class AppError extends Error {
  /** The message in a language, written by the error handler in the request's. */
  inLocale?: (locale: Locale) => string;

  constructor(
    public readonly status: number,
    public readonly code: string,
    message = '',
    public readonly details?: Record<string, string[]>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const notFound = (message = '', code = 'not_found') => new AppError(404, code, message);
export const forbidden = (message = '', code = 'forbidden') => new AppError(403, code, message);
export const unauthorized = (message = '', code = 'unauthenticated') => new AppError(401, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const validationFailed = (details: Record<string, string[]>, message = '') =>
  new AppError(422, 'validation_failed', message, details);

/**
 * An error raised where the request's language is unknown (the query-object parser, the
 * database's constraints): the error handler writes `say(locale)` in the request's
 * language; `message` is the French text, for logs and callers outside a request.
 */
export function localizedError(status: number, code: string, say: (locale: Locale) => string): AppError {
  const error = new AppError(status, code, say('fr'));
  error.inLocale = say;
  return error;
}

/**
 * An error's message in a language: its `inLocale` text, else the message it was thrown
 * with (already in the caller's language), else its status's message. The HTTP error
 * handler and the socket's `auth:error` both answer with it.
 */
export function messageOf(error: AppError, locale: Locale): string {
  return error.inLocale?.(locale) || error.message || statusMessage(error.status, locale);
}
