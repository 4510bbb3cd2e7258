import { Outlet } from 'react-router';
import { PublicShell } from '../../ui/PublicShell';

/** The frame of /auth/logout, the one /auth page left in the shell; sign-in, sign-up and the password pages are auth.html (src/auth/). */
export function AuthLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
