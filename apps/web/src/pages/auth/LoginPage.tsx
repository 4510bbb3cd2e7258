import { WEB_ROUTES } from '@app/contracts/routes';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LoginForm } from '../../features/identity/auth/LoginForm';
import { SocialButtons } from '../../features/identity/auth/SocialButtons';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { accounts } from '../../lib/session/account-store';

/**
 * /auth/login and its mobile variant /auth/mobile. The mobile variant never forwards a
 * signed-in visitor home by itself (section 2); the guard of the route decides that.
 */
export function LoginPage({ mobile = false }: { mobile?: boolean }) {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  const title = mobile ? t('mobileTitle') : t('title');
  useDocumentTitle(title);
  // With accounts already open here, this sign-in adds one beside them.
  const addsAccount = accounts.list().length > 0;
  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" mt={4}>
          {addsAccount ? t('addAccountHint') : t('subtitle')}
        </Text>
      </div>
      <Paper withBorder shadow="sm" p="lg">
        <Stack gap="md">
          <LoginForm />
          <Anchor component={Link} to={WEB_ROUTES.authForgotPassword + search} size="sm" ta="right">
            {t('forgotPasswordLink')}
          </Anchor>
          <SocialButtons />
        </Stack>
      </Paper>
      <Group gap={6} justify="center">
        <Text size="sm">{t('noAccount')}</Text>
        <Anchor component={Link} to={WEB_ROUTES.authCreateAccount} size="sm" fw={600}>
          {t('createAccountLink')}
        </Anchor>
      </Group>
    </Stack>
  );
}

/** /auth/mobile: the same sign-in, without automatic login. */
export function MobileLoginPage() {
  return <LoginPage mobile />;
}
