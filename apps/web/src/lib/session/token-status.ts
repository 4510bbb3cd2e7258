import type { SessionInfo } from './account.types';

/** Section 4: empty (no token), valid, or invalid (expired, compared to now in seconds). */
export type TokenStatus = 'empty' | 'valid' | 'invalid';

export function nowInSeconds(now: number = Date.now()): number {
  return Math.floor(now / 1000);
}

/** An ISO date from the server as seconds since the epoch; 0 when absent or unreadable. */
export function toEpochSeconds(iso: string | null | undefined): number {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}

/** Status of the access token at `nowSeconds`. */
export function tokenStatus(info: Pick<SessionInfo, 'key' | 'exp'> | null | undefined, nowSeconds: number): TokenStatus {
  if (!info?.key) return 'empty';
  return info.exp > nowSeconds ? 'valid' : 'invalid';
}

/** Whether the refresh token can still renew an expired access token. */
export function canRenew(info: Pick<SessionInfo, 'key_res' | 'exp_res'> | null | undefined, nowSeconds: number): boolean {
  return Boolean(info?.key_res) && (info?.exp_res ?? 0) > nowSeconds;
}

/** An account is usable while its access token is valid or can be renewed. */
export function isSessionUsable(info: SessionInfo | null | undefined, nowSeconds: number): boolean {
  return tokenStatus(info, nowSeconds) === 'valid' || canRenew(info, nowSeconds);
}

/** Lead time before expiry at which the access token is renewed. */
const RENEW_LEAD_S = 60;

/**
 * Seconds from now until the access token should be renewed: a minute before expiry,
 * or, when less than five minutes remain, once 80 % of what remains has passed.
 */
export function secondsUntilRenewal(info: Pick<SessionInfo, 'exp'>, nowSeconds: number): number {
  const remaining = info.exp - nowSeconds;
  if (remaining <= 0) return 0;
  return Math.max(remaining - RENEW_LEAD_S, Math.floor(remaining * 0.8));
}
