import { FORCE_QUERY, REDIRECT_QUERY, WEB_ROUTES } from '@app/contracts/routes';
import type { StoredAccount } from './account.types';
import { isAdmin, rolesOf } from './account-model';
import { inSession, stripSessionSegment } from './session-id';
import { isSessionUsable } from './token-status';

// The addresses a session goes to: its home, the sign-in page and back. The route guards
// (app/guards.ts) and the pages that sign in or out both use them, so they live below both.

/**
 * Where an account lands after sign-in: the admin home for admins, the business view
 * otherwise: the business root (section 2: agents and customers), or, for a partner
 * (who is neither), the company's overview.
 */
export function homeOf(account: Pick<StoredAccount, 'sid' | 'usr' | 'agents'>): string {
  if (isAdmin(account)) return inSession(account.sid, '/mnt');
  const roles = rolesOf(account);
  if (roles.has('partner') && !roles.has('agent') && !roles.has('customer')) return inSession(account.sid, '/business/view/overview');
  return inSession(account.sid, '/business');
}

/** Rule 1's target: sign-in, then back to the same page without its session segment. */
export function loginRedirect(pathname: string, search = ''): string {
  const back = stripSessionSegment(pathname) + search;
  const query = new URLSearchParams({ [REDIRECT_QUERY]: back, [FORCE_QUERY]: 'true' });
  return `${WEB_ROUTES.authLogin}?${query.toString()}`;
}

/** Section 2: addresses containing `mobile` are the mobile variant, which never signs in by itself. */
export function isMobileAddress(pathname: string): boolean {
  return pathname.includes('mobile');
}

/** A safe in-app path from the `redirect` query (never another origin). */
export function readRedirect(search: string | undefined): string | null {
  const value = new URLSearchParams(search ?? '').get(REDIRECT_QUERY);
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  return value;
}

/**
 * Rule 5 of the guards: a sign-in visit without `force=true` (and not the mobile variant),
 * while an account is signed in, goes to that account: the `redirect` page, else home.
 * Null when the sign-in page shows. Used by the route guards and the light sign-in page.
 */
export function signedInVisitorTarget(account: StoredAccount | null, pathname: string, search: string | undefined, nowS: number): string | null {
  const force = new URLSearchParams(search ?? '').get(FORCE_QUERY) === 'true';
  if (force || isMobileAddress(pathname)) return null;
  if (!account || !isSessionUsable(account.sessionInfo, nowS)) return null;
  const back = readRedirect(search);
  return back ? inSession(account.sid, back) : homeOf(account);
}
