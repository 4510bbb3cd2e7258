import { DashboardPage } from '../../features/administration/dashboard/DashboardPage';
import { usersListHref } from '../../app/admin-routes';

/** /{sid}/mnt: the platform admin's home, the dashboard of the platform. */
export function AdminHomePage() {
  return <DashboardPage usersHref={usersListHref} />;
}
