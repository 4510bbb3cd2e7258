import { DashboardPage } from '../../features/administration/dashboard/DashboardPage';
import { adminPlatformPaths } from '../../features/platform/admin-users/admin-paths';

/** /{sid}/mnt: the platform admin's home, the dashboard of the platform. */
export function AdminHomePage() {
  return <DashboardPage usersHref={adminPlatformPaths.usersByType} />;
}
