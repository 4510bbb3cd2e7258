import { buildPath } from '@app/contracts/routes';
import type { RouteObject } from 'react-router';
import { activeAgentOf } from '../lib/session/account-model';
import type { StoredAccount } from '../lib/session/account.types';
import { guard } from './guard-loader';
import { decide, type RouteRule } from './guards';

/**
 * The back office's sections (issue 19): Pilotage, Entreprises, Utilisateurs, Catalogue,
 * Finances, Référentiels, Communication. A back office route declares one of them.
 */
export const ADMIN_NAV_GROUPS = ['mntPilotage', 'mntCompanies', 'mntUsers', 'mntCatalogue', 'mntFinances', 'mntReferences', 'mntCommunication'] as const;

/** The side navigation's sections, in the order they show. */
export const NAV_GROUPS = ['business', 'web', ...ADMIN_NAV_GROUPS, 'account'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/** Icons the navigation knows (mapped to Tabler icons in the shell, outside the main chunk). */
export type NavIcon = 'home' | 'surveys' | 'templates' | 'questions' | 'web' | 'forms' | 'profile' | 'admin' | 'users' | 'roles' | 'company' | 'approvals' | 'invoices' | 'payments' | 'packages' | 'articles' | 'broadcasts' | 'conversations' | 'supervision' | 'activities' | 'scores' | 'validations' | 'reports' | 'sites' | 'workspaces' | 'groups' | 'audiences' | 'poles' | 'import' | 'contacts' | 'zones' | 'premium' | 'map';

/**
 * A route's entry in the side navigation, declared with the route. Its label is
 * `nav:items.<id>` (i18n/locales/fr-kit.ts); `params` fill the path's parameters
 * other than the session (e.g. `{ action: 'view' }`).
 */
export interface NavDeclaration {
  id: string;
  group: NavGroup;
  /** Every entry has one (issue 23: icons for every entry). */
  icon: NavIcon;
  params?: Readonly<Record<string, string>>;
}

/** What a guarded route carries in `handle`: its rule, read again by the navigation. */
export interface GuardedHandle {
  rule: RouteRule;
  nav?: NavDeclaration;
}

/**
 * The loader and handle of a guarded page: one declaration serves the guard that lets
 * people in and the navigation that offers the page, so the two never disagree. Give
 * `nav` to list the page in the side navigation (only routes with a real page).
 */
export function guarded(rule: RouteRule, nav?: NavDeclaration): Pick<RouteObject, 'loader' | 'handle'> {
  const handle: GuardedHandle = { rule, nav };
  return { loader: guard(rule), handle };
}

export interface NavItem {
  id: string;
  group: NavGroup;
  icon?: NavIcon;
  /** The link, session filled in. */
  href: string;
}

interface Declared {
  pattern: string;
  rule: RouteRule;
  nav: NavDeclaration;
}

function childPath(parent: string, path: string | undefined): string {
  if (!path) return parent;
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Every route of the table that declares a navigation entry and renders a page. */
export function declaredNavRoutes(routes: readonly RouteObject[], parent = ''): Declared[] {
  const found: Declared[] = [];
  for (const route of routes) {
    const pattern = childPath(parent, route.path);
    const handle = route.handle as GuardedHandle | undefined;
    // A page: something to render. A bare loader (a redirect) is never a destination.
    const hasPage = Boolean(route.lazy || route.Component || route.element);
    if (handle?.nav && hasPage) found.push({ pattern, rule: handle.rule, nav: handle.nav });
    if (route.children) found.push(...declaredNavRoutes(route.children, pattern));
  }
  return found;
}

/**
 * The navigation an account sees in session `sid`: every declared entry the guard
 * (`decide`, the function the route's loader runs) would let it into, so no entry ends
 * on the 403 page or a sign-in redirect. Business entries first, then web, admin, account.
 */
export function navItemsFor(routes: readonly RouteObject[], account: StoredAccount | null, sid: string, now: number): NavItem[] {
  if (!account) return [];
  const items: NavItem[] = [];
  // A platform admin outside any company would meet "no active company" on business
  // pages: the back office replaces them (mnt), so none is offered.
  const adminWithoutCompany = account.usr.type === 'admin' && !activeAgentOf(account);
  for (const { pattern, rule, nav } of declaredNavRoutes(routes)) {
    if (adminWithoutCompany && nav.group === 'business') continue;
    let href: string;
    try {
      href = buildPath(pattern, { ...nav.params, sessionID: sid });
    } catch {
      // A parameter the declaration does not fill: no single page to link to.
      continue;
    }
    const decision = decide({ ...rule, pathname: href, action: nav.params?.action }, account, now);
    if (decision.kind === 'allow') items.push({ id: nav.id, group: nav.group, icon: nav.icon, href });
  }
  return items.sort((a, b) => NAV_GROUPS.indexOf(a.group) - NAV_GROUPS.indexOf(b.group));
}

/** The entry the current address belongs to: the longest whose link is a prefix of the path. */
export function activeNavItem(items: readonly NavItem[], pathname: string): NavItem | null {
  let best: NavItem | null = null;
  for (const item of items) {
    const inside = pathname === item.href || pathname.startsWith(`${item.href}/`);
    if (inside && (!best || item.href.length > best.href.length)) best = item;
  }
  return best;
}
