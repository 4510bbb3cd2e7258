import type { Config } from '../../../config';

/**
 * Route option of lookups by public code: a tighter per-address limit than the API's,
 * since company codes (6 characters) and survey codes (8) could otherwise be enumerated.
 */
export function publicRateLimit(config: Pick<Config, 'PUBLIC_RATE_LIMIT_MAX' | 'PUBLIC_RATE_LIMIT_WINDOW_MS'>) {
  return { rateLimit: { max: config.PUBLIC_RATE_LIMIT_MAX, timeWindow: config.PUBLIC_RATE_LIMIT_WINDOW_MS } };
}
