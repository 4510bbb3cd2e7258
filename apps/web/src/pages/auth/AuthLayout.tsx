import { Outlet } from 'react-router';
import { PublicShell } from '../../ui/PublicShell';

/** /auth and its children in the shell (sign-up, logout) share this frame; sign-in and the password pages are auth.html (src/auth/). */
export function AuthLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
