import type { AccountUser, RefreshResponse } from '@app/contracts/auth';
import { api } from '../api-client';
import type { RequestSession } from '../http';
import { isApiError } from '../http-error';
import type { StoredAccount } from './account.types';
import { requestSessionOf, sessionInfoOf, withActiveAgent, withUser } from './account-model';
import { openAccountLanguage } from './account-language';
import { accounts } from './account-store';
import { notifySessionEnded } from './session-events';
import { canRenew, nowInSeconds, tokenStatus } from './token-status';

const statusOf = (error: unknown) => (isApiError(error) ? error.status : 500);

// Storing a sign-in and finding the last usable account are light (the sign-in page uses them).
export { lastUsableAccount, signIn } from './sign-in';

const inFlightRenewals = new Map<string, Promise<StoredAccount | null>>();

async function withRefreshLock<T>(sid: string, run: () => Promise<T>): Promise<T> {
  // Two tabs of one account must not both spend the same refresh token: the server
  // would see it reused and revoke the whole family. Web Locks serialise them.
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return run();
  return locks.request(`session-refresh:${sid}`, run) as Promise<T>;
}

/**
 * POST auth/refresh for an account, once at a time across tabs. `knownToken` is the
 * access token the caller found expired: when another tab has renewed meanwhile, its
 * tokens are used as they are.
 */
export function renewSession(sid: string, knownToken?: string): Promise<StoredAccount | null> {
  const running = inFlightRenewals.get(sid);
  if (running) return running;
  const task = withRefreshLock(sid, async () => {
    accounts.reload(sid);
    const account = accounts.get(sid);
    if (!account) return null;
    const nowS = nowInSeconds();
    const renewedElsewhere = knownToken !== undefined && account.sessionInfo.key !== knownToken;
    if (renewedElsewhere && tokenStatus(account.sessionInfo, nowS) === 'valid') return account;
    if (!canRenew(account.sessionInfo, nowS)) {
      accounts.dispatch(sid, { type: 'failed', status: 401 });
      notifySessionEnded(sid);
      return null;
    }
    accounts.dispatch(sid, { type: 'refreshStarted' });
    try {
      const tokens = await api.post<RefreshResponse>(
        'auth/refresh',
        { refresh_token: account.sessionInfo.key_res },
        { session: null },
      );
      const renewed = { ...(accounts.get(sid) ?? account), sessionInfo: sessionInfoOf(tokens) };
      accounts.save(renewed);
      accounts.dispatch(sid, { type: 'refreshed' });
      return renewed;
    } catch (error) {
      // A refused refresh token ends the session; no answer or a server fault may pass.
      const status = statusOf(error);
      const state = accounts.dispatch(sid, { type: 'failed', status: status === 0 || status >= 500 ? status : 401 });
      if (state === 'disconnected') notifySessionEnded(sid);
      return null;
    }
  }).finally(() => inFlightRenewals.delete(sid));
  inFlightRenewals.set(sid, task);
  return task;
}

/** Stores a user the server just answered (profile update), keeping tokens and active company. */
export function storeUser(sid: string, user: AccountUser): StoredAccount | null {
  const current = accounts.get(sid);
  if (!current) return null;
  const updated = withUser(sid, user, current.sessionInfo, current);
  accounts.save(updated);
  return updated;
}

/** GET auth for an account, storing the fresh user, agents and permissions. */
export async function reloadUser(sid: string): Promise<StoredAccount | null> {
  const account = accounts.get(sid);
  if (!account) return null;
  accounts.dispatch(sid, { type: 'loadStarted' });
  try {
    const user = await api.get<AccountUser>('auth', { session: requestSessionOf(account) });
    const current = accounts.get(sid) ?? account;
    const updated = withUser(sid, user, current.sessionInfo, current);
    accounts.save(updated);
    accounts.dispatch(sid, { type: 'loaded' });
    return updated;
  } catch (error) {
    const state = accounts.dispatch(sid, { type: 'failed', status: statusOf(error) });
    if (state === 'disconnected') notifySessionEnded(sid);
    // Offline or a server error: the stored account still serves the pages.
    return accounts.get(sid);
  }
}

const startups = new Map<string, Promise<StoredAccount | null>>();

async function startSession(sid: string): Promise<StoredAccount | null> {
  const account = accounts.get(sid);
  const nowS = nowInSeconds();
  const token = tokenStatus(account?.sessionInfo, nowS);
  const state = accounts.dispatch(sid, { type: 'start', token, renewable: canRenew(account?.sessionInfo, nowS) });
  if (state === 'initial' || !account) return null;
  if (state === 'refreshing' && !(await renewSession(sid, account.sessionInfo.key))) return accounts.get(sid);
  const loaded = await reloadUser(sid);
  // The account's language (chosen on another device, perhaps) before the first screen.
  if (loaded) await openAccountLanguage(loaded).catch(() => undefined);
  return loaded;
}

/**
 * Section 4 start-up, once per account and page load: a valid token loads the current
 * user, an expired one is renewed first, an empty or dead one ends in `initial`.
 * Later calls answer the stored account without asking the server again.
 */
export function ensureSession(sid: string): Promise<StoredAccount | null> {
  const running = startups.get(sid);
  const account = accounts.get(sid);
  // Once started, answer the account as it is now (updated since by reloads, a switch...).
  if (running && account) return running.then(() => accounts.get(sid));
  if (!account) {
    startups.delete(sid);
    return Promise.resolve(null);
  }
  const task = startSession(sid);
  startups.set(sid, task);
  return task;
}

/**
 * The network is back for an account that worked offline ("hors ligne"): an access token
 * that lapsed meanwhile is renewed first, then the user is loaded again. A session
 * revoked or an agent suspended meanwhile is refused here (401/499), which ends the
 * account like any lost credential; the work still queued on the phone stays (outbox).
 */
export async function resumeOnline(sid: string): Promise<StoredAccount | null> {
  const account = accounts.get(sid);
  if (!account) return null;
  const nowS = nowInSeconds();
  if (tokenStatus(account.sessionInfo, nowS) !== 'valid' && !(await renewSession(sid, account.sessionInfo.key))) return accounts.get(sid);
  return reloadUser(sid);
}

/** Ends an account here; without `force` the server session is ended first (best effort). */
export async function signOut(sid: string, options: { force?: boolean } = {}): Promise<void> {
  const account = accounts.get(sid);
  if (account && !options.force) {
    await api.get('auth/logout', { session: requestSessionOf(account) }).catch(() => undefined);
  }
  startups.delete(sid);
  accounts.dispatch(sid, { type: 'loggedOut' });
  accounts.remove(sid);
}

/** switch-company: makes the company's agent active and reloads the permissions. */
export async function switchCompany(sid: string, agentId: number): Promise<StoredAccount | null> {
  const account = accounts.get(sid);
  const switched = account ? withActiveAgent(account, agentId) : null;
  if (!switched) return null;
  accounts.save(switched);
  return reloadUser(sid);
}

/** For the http client: renews the account that made a call answered 498. */
export async function renewForRequest(expired: RequestSession): Promise<RequestSession | null> {
  const account = accounts.findByToken(expired.token) ?? accounts.list().find((a) => a.usr.id === Number(expired.userId));
  if (!account) return null;
  const renewed = await renewSession(account.sid, expired.token);
  return renewed ? requestSessionOf(renewed) : null;
}
