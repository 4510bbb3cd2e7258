import type { TokenStatus } from './token-status';

/** Section 4: the states of one account's session. */
export type SessionState = 'initial' | 'loading' | 'connected' | 'refreshing' | 'disconnected' | 'error' | 'networkError';

/**
 * What happens to a session. `failed` carries the HTTP status of the failed call, 0
 * when no answer came back at all.
 */
export type SessionEvent =
  | { type: 'start'; token: TokenStatus; renewable: boolean }
  | { type: 'signedIn' }
  | { type: 'loadStarted' }
  | { type: 'loaded' }
  | { type: 'refreshStarted' }
  | { type: 'refreshed' }
  | { type: 'failed'; status: number }
  /** The browser lost its network: a signed-in account stays signed in, "hors ligne". */
  | { type: 'wentOffline' }
  | { type: 'loggedOut' };

/** Statuses that mean the credentials are gone: 401 unknown, 498 expired (after the one renewal), 499 revoked. */
const CREDENTIALS_LOST = new Set([401, 498, 499]);

/**
 * The session state machine of section 4, pure. At start a valid token loads the user
 * (`loading`), an expired one that the refresh token can renew is renewed first
 * (`refreshing`; the description stops at "invalid -> initial", renewing is kinder to
 * someone who comes back after the 15-minute access token lapsed), anything else is
 * `initial`. Lost credentials end in `disconnected`; a call with no answer during the
 * automatic sign-in is `networkError`, any other failure of the sign-in is `error`.
 * `disconnected` is final: a late answer never revives a session that was ended. An
 * account stored but not yet started in this page is also `initial`, so loading or
 * renewing may start from there.
 */
export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'start':
      if (event.token === 'valid') return 'loading';
      if (event.token === 'invalid' && event.renewable) return 'refreshing';
      return 'initial';
    case 'signedIn':
      return 'connected';
    case 'loadStarted':
      return state === 'disconnected' ? state : 'loading';
    case 'loaded':
      return state === 'disconnected' ? state : 'connected';
    case 'refreshStarted':
      return state === 'disconnected' ? state : 'refreshing';
    case 'refreshed':
      return state === 'refreshing' ? 'connected' : state;
    case 'failed':
      return failedFrom(state, event.status);
    case 'wentOffline':
      // A field agent in a dead zone keeps their account and works from what is stored:
      // never a sign-out, only the state the banner reads ("hors ligne").
      return isSignedInState(state) ? 'networkError' : state;
    case 'loggedOut':
      return 'disconnected';
  }
}

function failedFrom(state: SessionState, status: number): SessionState {
  if (state === 'disconnected') return state;
  if (CREDENTIALS_LOST.has(status)) return 'disconnected';
  // While signing in automatically, any failure stops it; the kind decides the screen.
  if (state === 'loading' || state === 'refreshing') return status === 0 ? 'networkError' : 'error';
  // Section 8: a call without an answer flags the connection; other statuses (400,
  // 403, 404, 422...) concern that one call only.
  if (status === 0) return state === 'initial' ? state : 'error';
  return state;
}

/** Section 4: entering `disconnected` or `initial` clears the stored session. */
export function clearsStoredSession(state: SessionState): boolean {
  return state === 'disconnected' || state === 'initial';
}

/** States in which the account may be used for calls (its credentials are believed good). */
export function isSignedInState(state: SessionState): boolean {
  return state === 'connected' || state === 'refreshing' || state === 'loading' || state === 'error' || state === 'networkError';
}
