import { statusMessage } from '@app/contracts/status-messages';

/** Why a call failed: an HTTP answer, or no answer at all (status 0). */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted';

/**
 * The one error type the web app sees for a failed call. `message` is already the
 * user-facing text of section 8, so callers can show it as is.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** Machine code from the server envelope, when it sent one. */
  readonly code?: string;
  /** Field errors (`data` or `errors` of the envelope), for forms. */
  readonly fieldErrors: Record<string, string[]>;
  readonly body?: unknown;

  constructor(init: {
    status: number;
    kind: ApiErrorKind;
    message: string;
    code?: string;
    fieldErrors?: Record<string, string[]>;
    body?: unknown;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.body = init.body;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pushStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') into.push(item);
}

/**
 * Section 8: the server's message plus every string or list of strings under the
 * error `data` (falling back to `errors`, which carries the same map), one per line.
 * Empty when the server said nothing usable, so the caller falls back by status.
 */
export function buildServerMessage(body: unknown): string {
  if (!isRecord(body)) return '';
  const lines: string[] = [];
  if (typeof body.message === 'string') lines.push(body.message);
  const details = body.data ?? body.errors;
  if (isRecord(details)) for (const value of Object.values(details)) pushStrings(value, lines);
  else pushStrings(details, lines);
  const unique = [...new Set(lines.map((line) => line.trim()).filter(Boolean))];
  return unique.join('\n');
}

function readFieldErrors(body: unknown): Record<string, string[]> {
  if (!isRecord(body)) return {};
  const details = isRecord(body.data) ? body.data : body.errors;
  if (!isRecord(details)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(details)) {
    const messages: string[] = [];
    pushStrings(value, messages);
    if (messages.length) out[field] = messages;
  }
  return out;
}

/** Error for an HTTP answer: server text when present, else the status message in `locale`. */
export function apiErrorFromResponse(status: number, body: unknown, locale: string): ApiError {
  const message = buildServerMessage(body) || statusMessage(status, locale);
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  return new ApiError({ status, kind: 'http', message, code, fieldErrors: readFieldErrors(body), body });
}
