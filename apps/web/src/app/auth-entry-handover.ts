import { AUTH_ENTRY_PATHS } from '@app/contracts/routes';
import type { RouteObject } from 'react-router';

/**
 * The sign-in and password pages are their own light page (auth.html, src/auth/), not
 * routes of the shell: a link, a redirect or a guard of the shell that leads there loads
 * that page. When the shell itself was served for such an address (a service worker of
 * an older build, the address typed while the shell is cached), loading the same address
 * again would get the shell again: it opens the page by its file, which reads the address
 * after `#` (src/auth/auth-flow.ts pageAddress).
 */
export function authEntryHandover(target: URL, shown: Pick<Location, 'pathname'>): { how: 'assign' | 'replace'; to: string } {
  const address = target.pathname + target.search;
  if (shown.pathname === target.pathname) return { how: 'replace', to: `/auth.html#${encodeURIComponent(address)}` };
  return { how: 'assign', to: address };
}

/** Loads the light page; never settles, since the page unloads (nothing renders meanwhile). */
function loadPage(how: 'assign' | 'replace', to: string): Promise<void> {
  if (how === 'replace') window.location.replace(to);
  else window.location.assign(to);
  return new Promise<void>(() => undefined);
}

/**
 * How the shell leaves for the light page. Route tests put a recorder here (jsdom cannot
 * load another page); the app never changes it.
 */
export const authEntryNavigation = { leave: loadPage };

async function leaveForAuthEntry({ request }: { request: Request }): Promise<null> {
  const { how, to } = authEntryHandover(new URL(request.url), window.location);
  await authEntryNavigation.leave(how, to);
  return null;
}

/** One route per address of the light page, each loading it. */
export const authEntryRoutes: RouteObject[] = AUTH_ENTRY_PATHS.map((path) => ({ path, loader: leaveForAuthEntry }));
