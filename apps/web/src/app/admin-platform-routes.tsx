import type { RouteObject } from 'react-router';
import { ADMIN_PATTERNS as P } from '../features/administration/admin-paths';
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
const across = () => import('../features/platform/admin-across/AcrossPages');
const broadcast = () => import('../features/platform/admin-users/PlatformBroadcastPage');
const overview = () => import('../features/platform/admin-across/PlatformOverviewPage');
const map = () => import('../features/platform/admin-map/PlatformMapPage');
const admin = (name: string): RouteRule => ({ access: 'signedIn', name, roles: ['admin'] });

/**
 * The back office's users, cross-company lists, platform broadcast and scorecards
 * (section 2, mnt; admins only). One route per line, its navigation entry on the same line.
 */
export const adminPlatformRoutes: RouteObject[] = [
  { path: P.users, ...guarded(admin('mnt.users'), { id: 'mntUsers', group: 'mntUsers', icon: 'users', params: { action: 'view' } }), lazy: adminPage(users, (m) => m.UsersListPage) },
  { path: P.usersByType, ...guarded(admin('mnt.users')), lazy: adminPage(users, (m) => m.UsersListPage) },
  { path: P.user, ...guarded(admin('mnt.users')), lazy: adminPage(user, (m) => m.UserDetailPage) },
  { path: P.sites, ...guarded(admin('mnt.sites'), { id: 'mntSites', group: 'mntCompanies', icon: 'company', params: { action: 'view' } }), lazy: adminPage(across, (m) => m.SitesAcrossPage) },
  { path: P.site, ...guarded(admin('mnt.sites')), lazy: adminPage(across, (m) => m.SiteAcrossPage) },
  { path: P.workspaces, ...guarded(admin('mnt.workspaces'), { id: 'mntWorkspaces', group: 'mntCompanies', icon: 'company', params: { action: 'view' } }), lazy: adminPage(across, (m) => m.WorkspacesAcrossPage) },
  { path: P.workspace, ...guarded(admin('mnt.workspaces')), lazy: adminPage(across, (m) => m.WorkspaceAcrossPage) },
  { path: P.groups, ...guarded(admin('mnt.groups'), { id: 'mntGroups', group: 'mntCompanies', icon: 'approvals', params: { action: 'view' } }), lazy: adminPage(across, (m) => m.GroupsAcrossPage) },
  { path: P.reports, ...guarded(admin('mnt.reports'), { id: 'mntReports', group: 'mntCompanies', icon: 'reports', params: { action: 'view' } }), lazy: adminPage(across, (m) => m.ReportsAcrossPage) },
  { path: P.audiences, ...guarded(admin('mnt.conversations.audiences'), { id: 'mntAudiences', group: 'mntCommunication', icon: 'conversations', params: { action: 'view' } }), lazy: adminPage(across, (m) => m.AudiencesAcrossPage) },
  { path: P.audience, ...guarded(admin('mnt.conversations.audiences')), lazy: adminPage(across, (m) => m.AudienceAcrossPage) },
  { path: P.broadcast, ...guarded(admin('mnt.broadcast'), { id: 'mntBroadcast', group: 'mntCommunication', icon: 'broadcasts' }), lazy: adminPage(broadcast, (m) => m.PlatformBroadcastPage) },
  { path: P.overview, ...guarded(admin('mnt.overview'), { id: 'mntOverview', group: 'mntPilotage', icon: 'scores' }), lazy: adminPage(overview, (m) => m.PlatformOverviewPage) },
  { path: P.map, ...guarded(admin('mnt.ai-map'), { id: 'mntMap', group: 'mntPilotage', icon: 'map' }), lazy: adminPage(map, (m) => m.PlatformMapPage) },
  { path: P.contacts, ...guarded(admin('mnt.contacts'), { id: 'mntContacts', group: 'mntCompanies', icon: 'users' }), lazy: adminPage(across, (m) => m.ContactsAcrossPage) },
];
