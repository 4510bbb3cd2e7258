import { nprogress } from '@mantine/nprogress';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** How long the bar shows for a navigation that had nothing to load. */
const INSTANT_NAVIGATION_MS = 150;

/**
 * Section 2, navigation behaviour: every route change scrolls to the top and runs the
 * top progress bar. Keyed on the pathname so a query-only change (a tab) keeps the page.
 */
export function useRouteChangeEffects(): void {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const loadingRef = useRef(false);
  const shownPathRef = useRef(pathname);

  // Declared before the busy effect on purpose: it must see whether this navigation
  // went through 'loading' before that effect resets the flag.
  useEffect(() => {
    // Nothing to do on the first render: the page is already at the top.
    if (shownPathRef.current === pathname) return;
    shownPathRef.current = pathname;
    window.scrollTo({ top: 0, left: 0 });
    if (loadingRef.current) return;
    // Navigations to already-loaded pages never pass through 'loading'.
    nprogress.start();
    const timer = window.setTimeout(() => nprogress.complete(), INSTANT_NAVIGATION_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  useEffect(() => {
    if (busy) {
      loadingRef.current = true;
      nprogress.start();
    } else if (loadingRef.current) {
      loadingRef.current = false;
      nprogress.complete();
    }
  }, [busy]);
}
