import { Anchor, AppShell, Burger, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { homeOf } from '../../lib/session/addresses';
import { activeNavItem, navItemsFor } from '../nav';
import { routes } from '../routes';
import { ShellBreadcrumbs } from './ShellBreadcrumbs';
import { SideNav } from './SideNav';
import './app-shell.css';
import { ConversationsLink } from '../../features/messaging/conversations/ConversationsLink';
import { AccountMenu } from '../../features/identity/session/AccountMenu';
import { CompanySwitcher } from '../../features/identity/session/CompanySwitcher';
import { ConnectionBanner } from '../../features/identity/session/ConnectionBanner';
import { useRenewalTimer } from '../../features/identity/session/use-renewal-timer';
import { inSession } from '../../lib/session/session-id';
import { useCurrentSession } from '../../lib/session/use-session';
import { ColorSchemeToggle } from '../../ui/ColorSchemeToggle';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { type Crumb, PageCrumbsContext } from '../../ui/page-crumbs';
import { usePhoneLayout } from '../../ui/use-phone-layout';
import { WhenIdle } from '../../lib/when-idle';

// Loaded once the page has been shown and the browser is idle (issue 23, docs/PERFORMANCE.md): the
// socket client and the outbox (with the answers' schemas) are about 45 KB gzipped the home does
// not need to show, and evaluating them was a long task on a slow phone.
const LiveIndicator = lazy(() => import('../../features/messaging/live/LiveIndicator').then((m) => ({ default: m.LiveIndicator })));
// The bell's popover brings its scroll area and list; its place is held (an ActionIcon "lg": 2.125rem).
const NotificationBell = lazy(() => import('../../features/messaging/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })));
const OutboxStatus = lazy(() => import('../../features/collection/answering/OutboxStatus').then((m) => ({ default: m.OutboxStatus })));

/** Holds the live dot's place (10 px, as LiveStatus) while its code loads, so the header does not shift. */
const LIVE_DOT_PLACE = <span aria-hidden style={{ width: 10, height: 10, flex: 'none' }} />;
const BELL_PLACE = <span aria-hidden style={{ width: 'calc(2.125rem * var(--mantine-scale))', height: 'calc(2.125rem * var(--mantine-scale))', flex: 'none' }} />;

// One row at every width (issue 23: 360 px phones included); app-shell.css mirrors these for the toasts.
const HEADER_HEIGHT = { base: 56, sm: 60 };

/** Lets the toasts (outside this tree) start below the header while the shell is shown. */
function useHeaderOffsetForToasts() {
  useEffect(() => {
    document.documentElement.classList.add('has-app-header');
    return () => document.documentElement.classList.remove('has-app-header');
  }, []);
}

/**
 * Frame of every `/{sessionID}/...` page: the header (company, language, theme, live
 * dot, accounts), the side navigation generated from the route table and the guard (a
 * drawer on phones), breadcrumbs, the live channel and token renewal. The guards of the
 * child routes decide who gets in; this only reacts when the account disappears while
 * shown (signed out in another tab, session ended), sending the page to the forced logout.
 */
export function SessionLayout() {
  const { t } = useTranslation('common');
  const { t: tNav } = useTranslation('nav');
  const { sid, account, state } = useCurrentSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routing = useNavigation().state !== 'idle';
  const hadAccount = useRef(Boolean(account));
  const [opened, { toggle, close }] = useDisclosure(false);
  const [pageCrumbs, setPageCrumbs] = useState<readonly Crumb[]>([]);
  // On a phone the navigation is a drawer: closed, it is hidden from the keyboard and
  // screen readers too, not only slid out of view. Its links are built when it first opens
  // (then kept, for the slide): a home on a phone never shows them, and building some forty
  // links was a good part of the first render on a slow phone (issue 23).
  const phone = usePhoneLayout();
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (opened && !drawerUsed) setDrawerUsed(true);

  useRenewalTimer(account);
  useHeaderOffsetForToasts();
  const items = useMemo(() => navItemsFor(routes, account, sid, Date.now()), [account, sid]);
  const active = activeNavItem(items, pathname);
  const withNav = items.length > 0;

  // A page chosen in the phone drawer closes it.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    close();
  }, [pathname, close]);

  useEffect(() => {
    if (account) {
      hadAccount.current = true;
      return;
    }
    // While a page loads, its guard decides where a vanished session goes.
    const onLogout = pathname.startsWith(inSession(sid, '/auth/logout'));
    if (hadAccount.current && !onLogout && !routing) navigate(`${inSession(sid, '/auth/logout')}?force=true`, { replace: true });
  }, [account, sid, pathname, navigate, routing]);

  return (
    <PageCrumbsContext.Provider value={setPageCrumbs}>
      <a href="#main-content" className="skip-link">
        {tNav('skipToContent')}
      </a>
      <AppShell header={{ height: HEADER_HEIGHT }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !withNav } }} padding="md">
        <AppShell.Header component="header">
          <div className="app-header">
            <Group gap="xs" wrap="nowrap" className="app-header__brand">
              {withNav ? (
                <Burger
                  opened={opened}
                  onClick={toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={opened ? tNav('closeMenu') : tNav('openMenu')}
                  aria-expanded={opened}
                  aria-controls="side-navigation"
                  data-testid="nav-burger"
                />
              ) : null}
              <Anchor component={Link} to={account ? homeOf(account) : '/'} fw={800} fz="lg" underline="never" c="inherit" className="app-header__name">
                {t('appName')}
              </Anchor>
            </Group>
            <div className="app-header__company">{account ? <CompanySwitcher account={account} /> : null}</div>
            <Group gap="xs" wrap="nowrap" className="app-header__tools" justify="flex-end">
              {/* On phones these two live in the account menu (AccountMenu), so the header stays one line. */}
              {phone ? null : (
                <Group gap="xs" wrap="nowrap">
                  <LanguageSwitcher />
                  <ColorSchemeToggle />
                </Group>
              )}
              {account ? (
                <WhenIdle fallback={LIVE_DOT_PLACE}>
                  <Suspense fallback={LIVE_DOT_PLACE}>
                    <LiveIndicator sid={sid} account={account} />
                  </Suspense>
                </WhenIdle>
              ) : null}
              {account ? <ConversationsLink sid={sid} /> : null}
              {account ? (
                <WhenIdle fallback={BELL_PLACE}>
                  <Suspense fallback={BELL_PLACE}>
                    <NotificationBell sid={sid} />
                  </Suspense>
                </WhenIdle>
              ) : null}
            </Group>
            <div className="app-header__account">{account ? <AccountMenu account={account} /> : null}</div>
          </div>
        </AppShell.Header>
        {withNav ? (
          <AppShell.Navbar p="xs" id="side-navigation" style={{ overflowY: 'auto', visibility: phone && !opened ? 'hidden' : undefined }}>
            {phone && !drawerUsed ? null : <SideNav items={items} active={active} onNavigate={close} />}
          </AppShell.Navbar>
        ) : null}
        <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
          <Container size="lg" px={0}>
            <Stack gap="md">
              <ShellBreadcrumbs active={active} pathname={pathname} pageCrumbs={pageCrumbs} />
              <ConnectionBanner sid={sid} state={state} />
              {account ? (
                <WhenIdle>
                  <Suspense fallback={null}>
                    <OutboxStatus account={account} sessionWorks={state === 'connected'} />
                  </Suspense>
                </WhenIdle>
              ) : null}
              <Outlet />
            </Stack>
          </Container>
        </AppShell.Main>
      </AppShell>
    </PageCrumbsContext.Provider>
  );
}
