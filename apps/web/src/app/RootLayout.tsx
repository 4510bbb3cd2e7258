import { Outlet } from 'react-router';
import { useRouteChangeEffects } from './route-change.hook';

/** Top of the route tree: effects shared by every page, nothing visible of its own. */
export function RootLayout() {
  useRouteChangeEffects();
  return <Outlet />;
}
