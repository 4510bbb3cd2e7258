import type { RouteObject } from 'react-router';
import { ADMIN_PLATFORM_PATTERNS as P } from '../features/platform/admin-users/admin-paths';
import type { RouteRule } from './guards';
import { guarded } from './nav';

/** Loads a back-office screen together with its texts, so it never renders untranslated keys. */
function adminPage<T>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) {
  return async () => {
    const [{ loadAdminPlatformI18n }, module] = await Promise.all([import('../features/platform/admin-users/admin-platform-i18n'), load()]);
    await loadAdminPlatformI18n();
    return { Component: pick(module) };
  };
}

const users = () => import('../features/platform/admin-users/UsersPages');
const user = () => import('../features/platform/admin-users/UserDetailPage');
const admin = (name: string): RouteRule => ({ access: 'signedIn', name, roles: ['admin'] });

/**
 * The back office's users, cross-company lists, platform broadcast and scorecards
 * (section 2, mnt; admins only). One route per line, its navigation entry on the same line.
 */
export const adminPlatformRoutes: RouteObject[] = [
  { path: P.users, ...guarded(admin('mnt.users'), { id: 'mntUsers', group: 'mnt', icon: 'users', params: { action: 'view' } }), lazy: adminPage(users, (m) => m.UsersListPage) },
  { path: P.usersByType, ...guarded(admin('mnt.users')), lazy: adminPage(users, (m) => m.UsersListPage) },
  { path: P.user, ...guarded(admin('mnt.users')), lazy: adminPage(user, (m) => m.UserDetailPage) },
];
