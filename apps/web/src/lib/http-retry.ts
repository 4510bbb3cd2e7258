/**
 * Retry policy of the HTTP client. Only calls that are safe to repeat are retried
 * (reads, and writes carrying an Idempotency-Key the server deduplicates on), and
 * only when the failure is likely transient: no answer, or a gateway/overload status.
 */
const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const BASE_DELAY_MS = 300;
const MAX_DELAY_MS = 10_000;
const MAX_RETRY_AFTER_MS = 30_000;

export function isIdempotent(method: string, headers: Headers): boolean {
  const upper = method.toUpperCase();
  return upper === 'GET' || upper === 'HEAD' || headers.has('Idempotency-Key');
}

/** `status` 0 means no answer (network failure); timeouts and aborts are never retried. */
export function isRetryableFailure(status: number): boolean {
  return status === 0 || RETRYABLE_STATUSES.has(status);
}

/**
 * Exponential backoff with jitter so a fleet of field phones coming back online does
 * not hit the server in lockstep; a server-sent Retry-After (seconds) wins, capped.
 */
export function retryDelayMs(attempt: number, retryAfter: string | null, random: () => number = Math.random): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
