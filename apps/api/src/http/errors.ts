/**
 * The one error type of the API. Services and helpers throw it; the error handler
 * turns it into the envelope of API.md. `message` is already in the caller's language
 * or is left empty to use the status message.
 */
export class AppError extends Error {
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
