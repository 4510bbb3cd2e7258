import { Anchor, Box, Container, Group, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { homeOf } from '../../app/guards';
import { LiveStatus } from '../../features/live/LiveStatus';
import { useLiveEvents } from '../../features/live/use-live-events';
import { AccountMenu } from '../../features/session/AccountMenu';
import { CompanySwitcher } from '../../features/session/CompanySwitcher';
import { ConnectionBanner } from '../../features/session/ConnectionBanner';
import { useRenewalTimer } from '../../features/session/use-renewal-timer';
import { inSession } from '../../lib/session/session-id';
import { useCurrentSession } from '../../lib/session/use-session';
import { ColorSchemeToggle } from '../../ui/ColorSchemeToggle';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';

/**
 * Frame of every `/{sessionID}/...` page: the account's header (company, account
 * menu), its live channel and token renewal. The guards of the child routes decide
 * who gets in; this only reacts when the account disappears while shown (signed out
 * in another tab, session ended), sending the page to the forced logout.
 */
export function SessionLayout() {
  const { t } = useTranslation('common');
  const { sid, account, state } = useCurrentSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routing = useNavigation().state !== 'idle';
  const hadAccount = useRef(Boolean(account));

  useRenewalTimer(account);
  const live = useLiveEvents(sid, account);

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
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg" py="xs">
          {/* Wraps onto two rows on phones rather than making every page scroll sideways. */}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Anchor component={Link} to={account ? homeOf(account) : '/'} fw={800} fz="lg" underline="never" c="inherit">
                {t('appName')}
              </Anchor>
              {account ? <CompanySwitcher account={account} /> : null}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitcher />
              <ColorSchemeToggle />
              {account ? <LiveStatus state={live} /> : null}
              {account ? <AccountMenu account={account} /> : null}
            </Group>
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" w="100%" py="lg" style={{ flex: 1 }}>
        <Stack gap="md">
          <ConnectionBanner sid={sid} state={state} />
          <Outlet />
        </Stack>
      </Container>
    </Box>
  );
}
