import type { LoginResponse } from '@app/contracts/auth';
import { isAuthEntryPath, WEB_ROUTES } from '@app/contracts/routes';
import { homeOf, readRedirect, signedInVisitorTarget } from '../lib/session/addresses';
import { lastUsableAccount, signIn } from '../lib/session/sign-in';
import { handOverSignIn } from '../lib/session/sign-in-handoff';
import { inSession } from '../lib/session/session-id';
import { nowInSeconds } from '../lib/session/token-status';

/** The page's own file, where the app sends a sign-in address it was itself served for. */
export const ENTRY_FILE = '/auth.html';

export interface Address {
  pathname: string;
  search: string;
}

/**
 * The address this page stands for. Served for `/auth/login` and the others, it is the
 * address itself; opened as `/auth.html#/auth/login?…` (the app hands over that way when
 * a stale service worker gave it the sign-in address), the one after `#`.
 */
export function pageAddress(location: Address & { hash: string }): Address {
  if (location.pathname !== ENTRY_FILE) return { pathname: location.pathname, search: location.search };
  const target = new URL(decodeURIComponent(location.hash.slice(1)) || WEB_ROUTES.authLogin, 'http://x');
  return isAuthEntryPath(target.pathname) ? { pathname: target.pathname, search: target.search } : { pathname: WEB_ROUTES.authLogin, search: '' };
}

/** Rule 5 of the guards: where a visitor already signed in goes instead of the sign-in page, or null. */
export function forwardOfSignedInVisitor(address: Address, now = Date.now()): string | null {
  if (address.pathname !== WEB_ROUTES.authLogin && address.pathname !== WEB_ROUTES.authMobile) return null;
  return signedInVisitorTarget(lastUsableAccount(), address.pathname, address.search, nowInSeconds(now));
}

/**
 * A sign-in succeeded: the account is stored as the app keeps it (beside the accounts
 * already open), what the app does at a sign-in is handed over, and the address to load
 * is returned: the page asked for before sign-in (`redirect`), else the account's home.
 */
export function completeSignIn(response: LoginResponse, search: string, tab: Storage | undefined): string {
  const account = signIn(response);
  handOverSignIn(tab, { sid: account.sid, name: response.user?.name ?? response.user?.username ?? '' });
  const back = readRedirect(search);
  return back ? inSession(account.sid, back) : homeOf(account);
}
