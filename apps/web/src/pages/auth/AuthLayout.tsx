import { Outlet } from 'react-router';
import { PublicShell } from '../../ui/PublicShell';

/** /auth and its children (login now; sign-up, password reset... later) share this frame. */
export function AuthLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
