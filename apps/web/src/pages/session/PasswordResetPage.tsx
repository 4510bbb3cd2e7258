import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homeOf } from '../../lib/session/addresses';
import { PasswordChangeForm } from '../../features/identity/profile/PasswordChangeForm';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { accounts } from '../../lib/session/account-store';
import { useCurrentSession } from '../../lib/session/use-session';

/**
 * /{sid}/auth/password-reset: an account created by an admin (generated password,
 * has_to_change_password = 1) must choose its own before anything else (rule 3).
 */
export function PasswordResetPage() {
  const { t } = useTranslation('session');
  const { sid, account } = useCurrentSession();
  const navigate = useNavigate();
  useDocumentTitle(t('forcedResetTitle'));
  if (!account) return null;
  const done = () => {
    const updated = accounts.get(sid);
    navigate(updated ? homeOf(updated) : '/', { replace: true });
  };
  return (
    <Stack gap="lg" maw={520} mx="auto" data-testid="password-reset-page">
      <Title order={1} size="h2">
        {t('forcedResetTitle')}
      </Title>
      <Alert color="blue" variant="light">
        <Text size="sm">{t('forcedResetMessage')}</Text>
      </Alert>
      <Paper withBorder shadow="sm" p="lg">
        <PasswordChangeForm sid={sid} onChanged={done} />
      </Paper>
    </Stack>
  );
}
