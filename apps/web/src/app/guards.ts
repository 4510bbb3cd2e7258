import { canDo } from '@app/contracts/permissions';
import type { StoredAccount } from '../lib/session/account.types';
import { type AccountRole, activeAgentOf, isAdmin, rolesOf } from '../lib/session/account-model';
import { loginRedirect, signedInVisitorTarget } from '../lib/session/addresses';
import { inSession } from '../lib/session/session-id';
import { isSessionUsable, nowInSeconds } from '../lib/session/token-status';

/** public: anyone; guest: the sign-in pages (rule 5); signedIn: needs an account (rule 1). */
export type RouteAccess = 'public' | 'guest' | 'signedIn';

/** What a route asks of its visitor; declared once per route in the route table. */
export interface RouteRule {
  access: RouteAccess;
  /** Route name, e.g. `business.sites`; the ability rules of section 6 read it. */
  name?: string;
  /** Any one of these roles (section 2 tables); absent: any signed-in account. */
  roles?: readonly AccountRole[];
  /** A permission the route needs: the action on the object, or on any object of a list. */
  permission?: { objects: string | readonly string[]; action: string };
  /** Pages the rules 3-5 treat specially. */
  page?: 'login' | 'passwordReset' | 'validatePhone' | 'logout';
  /**
   * The page works for the active company (its API calls carry Agent-id): without an
   * active membership (a platform admin, a customer) the server could only refuse it.
   */
  company?: boolean;
  /**
   * The page shows what the person owns (their invoices, their bookings), which the server
   * lets every signed-in person read whatever their memberships: no ability check of
   * section 6 (the name's resource would otherwise ask for the company's permission).
   */
  own?: boolean;
}

export interface GuardRoute extends RouteRule {
  pathname: string;
  search?: string;
  /** The `:action` parameter (new, edit, view...) the ability rules read. */
  action?: string;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' };

const ALLOW: GuardDecision = { kind: 'allow' };
const FORBIDDEN: GuardDecision = { kind: 'forbidden' };
const redirectTo = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** Names whose routes are also checked against an ability (section 6). */
export const ABILITY_WORDS = [
  'users',
  'zones',
  'poles',
  'sites',
  'surveys',
  'invoices',
  'packages',
  'templates',
  'categories',
  'broadcasts',
  'workspaces',
] as const;

const ACTION_ABILITY: Record<string, string> = { new: 'create', edit: 'update', view: 'show' };

/**
 * The ability a route name calls for: zones need manage on locations, poles need show
 * on pointerests, the others their resource with create for `new`, update for `edit`,
 * show for `view` or no action. A name with several words (`business.sites.surveys`)
 * is about the last one.
 */
export function abilityFor(name: string | undefined, action?: string): { object: string; action: string } | null {
  if (!name) return null;
  let word: string | null = null;
  let at = -1;
  for (const candidate of ABILITY_WORDS) {
    const index = name.lastIndexOf(candidate);
    if (index > at) [word, at] = [candidate, index];
  }
  if (!word) return null;
  if (word === 'zones') return { object: 'locations', action: 'manage' };
  if (word === 'poles') return { object: 'pointerests', action: 'show' };
  return { object: word, action: ACTION_ABILITY[action ?? ''] ?? 'show' };
}

function hasPermission(account: StoredAccount, objects: string | readonly string[], action: string): boolean {
  // The platform admin passes every permission check, as on the server.
  return isAdmin(account) || canDo(account.permissions, objects, action);
}

function decideGuest(route: GuardRoute, account: StoredAccount | null, nowS: number): GuardDecision {
  // Rule 5: a sign-in visit without force, while an account is signed in, goes home.
  if (route.page !== 'login') return ALLOW;
  const target = signedInVisitorTarget(account, route.pathname, route.search, nowS);
  return target ? redirectTo(target) : ALLOW;
}

/**
 * The route guard of section 4 and the permission rules of section 6, as one pure
 * function. `account` is the account of the route's session (for a sign-in page, the
 * account last used); `now` is in milliseconds.
 *  1. not signed in on a protected route: sign-in, with redirect and force=true;
 *  3. has_to_change_password = 1: the password reset page;
 *  4. on the reset or phone-validation page without the need: the session root;
 *  2. lacking the role, permission or ability: forbidden (the caller shows /error/403);
 *  5. sign-in without force while signed in: home.
 */
export function decide(route: GuardRoute, account: StoredAccount | null, now: number): GuardDecision {
  const nowS = nowInSeconds(now);
  if (route.access === 'public') return ALLOW;
  if (route.access === 'guest') return decideGuest(route, account, nowS);

  if (!account || !isSessionUsable(account.sessionInfo, nowS)) return redirectTo(loginRedirect(route.pathname, route.search));

  const mustChangePassword = account.usr.has_to_change_password === 1;
  if (mustChangePassword && route.page !== 'passwordReset' && route.page !== 'logout') {
    return redirectTo(inSession(account.sid, '/auth/password-reset'));
  }
  if (route.page === 'passwordReset' && !mustChangePassword) return redirectTo(inSession(account.sid));
  if (route.page === 'validatePhone' && account.usr.phone_verified_at) return redirectTo(inSession(account.sid));

  // A platform admin never acts for a company (no Agent-id): company pages are not theirs.
  if (route.company && (isAdmin(account) || !activeAgentOf(account))) return FORBIDDEN;
  if (route.roles?.length) {
    const roles = rolesOf(account);
    if (!route.roles.some((role) => roles.has(role))) return FORBIDDEN;
  }
  if (route.permission && !hasPermission(account, route.permission.objects, route.permission.action)) return FORBIDDEN;
  const ability = route.own ? null : abilityFor(route.name, route.action);
  if (ability && !hasPermission(account, ability.object, ability.action)) return FORBIDDEN;
  return ALLOW;
}
