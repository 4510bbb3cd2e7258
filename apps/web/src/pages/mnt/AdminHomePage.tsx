import { DashboardPage } from '../../features/administration/dashboard/DashboardPage';
import { adminPaths } from '../../features/administration/admin-paths';

/** /{sid}/mnt: the platform admin's home, the dashboard of the platform. */
export function AdminHomePage() {
  return <DashboardPage usersHref={adminPaths.usersByType} />;
}
