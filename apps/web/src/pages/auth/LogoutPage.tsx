import { FORCE_QUERY, WEB_ROUTES } from '@app/contracts/routes';
import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { UnsentWorkNotice } from '../../features/collection/answering/UnsentWorkNotice';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { accounts } from '../../lib/session/account-store';
import { signOut } from '../../lib/session/session-service';
import { leaveSignInNotice, tabStorage } from '../../lib/session/sign-in-handoff';

/**
 * /{sessionID}/auth/logout ends that account (the server session first); with
 * `force=true` the session is already dead (401, 499, refused refresh), so it is only
 * forgotten here and the page says why. /auth/logout ends every account of the browser.
 */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const { sessionID } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const forced = params.get(FORCE_QUERY) === 'true';
  const started = useRef(false);
  useDocumentTitle(forced ? t('forcedTitle') : t('logoutTitle'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const sids = sessionID ? [sessionID] : accounts.list().map((a) => a.sid);
    void Promise.all(sids.map((sid) => signOut(sid, { force: forced }))).then(() => {
      if (forced) return;
      // The sign-in page is another page (auth.html): it says so on arrival.
      leaveSignInNotice(tabStorage(), 'loggedOut');
      navigate(WEB_ROUTES.authLogin, { replace: true });
    });
  }, [sessionID, forced, navigate]);

  return (
    <Stack gap="lg" pt="xl" data-testid={forced ? 'forced-logout' : 'logout'}>
      <Title order={1} size="h2">
        {forced ? t('forcedTitle') : t('logoutTitle')}
      </Title>
      <Paper withBorder shadow="sm" p="lg">
        {forced ? (
          <Stack gap="md">
            <Text>{t('forcedMessage')}</Text>
            {sessionID ? <UnsentWorkNotice sid={sessionID} /> : null}
            <Button component={Link} to={`${WEB_ROUTES.authLogin}?${FORCE_QUERY}=true`}>
              {t('signInAgain')}
            </Button>
          </Stack>
        ) : (
          <Stack align="center" gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('loggingOut')}</Text>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
