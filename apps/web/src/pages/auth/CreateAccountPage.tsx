import { WEB_ROUTES } from '@app/contracts/routes';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SignupForm } from '../../features/identity/auth/SignupForm';
import { ValidateAccountForm } from '../../features/identity/auth/ValidateAccountForm';
import { applyBrowserLanguageUntilChosen } from '../../i18n/i18n';
import { useDocumentTitle } from '../../lib/document-title.hook';

/**
 * /auth/create-account: sign-up, then validation by the code e-mailed. The step lives
 * in the address (`?step=validate&email=`) so a reload or the login page can send the
 * user straight to the code. Until the person picks a language, the page speaks the
 * browser's (the new account keeps it, through Accept-Language).
 */
export function CreateAccountPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const validating = params.get('step') === 'validate';
  const email = params.get('email') ?? '';
  const title = validating ? t('validateTitle') : t('signupTitle');
  useDocumentTitle(title);
  // Section 9: sign-up speaks the browser's language (else English) until one is picked.
  useEffect(() => {
    void applyBrowserLanguageUntilChosen();
  }, []);
  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" mt={4} data-testid="create-account-subtitle">
          {validating ? t('validateSubtitle', { email: email || '…' }) : t('signupSubtitle')}
        </Text>
      </div>
      <Paper withBorder shadow="sm" p="lg">
        {validating ? (
          <ValidateAccountForm key={email} email={email} />
        ) : (
          <SignupForm onRegistered={(address) => setParams({ step: 'validate', email: address })} />
        )}
      </Paper>
      <Group gap={6} justify="center">
        <Text size="sm">{t('haveAccount')}</Text>
        <Anchor component={Link} to={WEB_ROUTES.authLogin} size="sm" fw={600}>
          {t('signInLink')}
        </Anchor>
      </Group>
    </Stack>
  );
}
