import { requestPasswordTokenBody } from '@app/contracts/auth';
import { WEB_ROUTES } from '@app/contracts/routes';
import { Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { postRequestPasswordToken } from '../../features/identity/auth/auth.api';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { showError } from '../../lib/show-error';
import { showToast } from '../../lib/toast';

/** /auth/forgot-password: asks for a reset code (the answer is the same for any login). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  useDocumentTitle(t('forgotTitle'));
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { login: '' },
    validate: { login: (value) => (requestPasswordTokenBody.safeParse({ login: value }).success ? null : t('loginRequired')) },
  });
  const mutation = useMutation({
    mutationFn: (login: string) => postRequestPasswordToken(login),
    onSuccess: (answer, login) => {
      showToast({ title: t('forgotSentTitle'), message: t('forgotSent'), tone: 'success' });
      const query = new URLSearchParams({ id: answer.user.id, login });
      navigate(`${WEB_ROUTES.authForgotPasswordReset}?${query.toString()}`);
    },
    onError: showError,
  });
  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1} size="h2">
          {t('forgotTitle')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('forgotSubtitle')}
        </Text>
      </div>
      <Paper withBorder shadow="sm" p="lg">
        <form
          data-testid="forgot-password-form"
          noValidate
          onSubmit={form.onSubmit((values) => mutation.mutate(values.login.trim()))}
        >
          <Stack gap="md">
            <TextInput
              label={t('login')}
              description={t('loginDescription')}
              autoComplete="username"
              required
              key={form.key('login')}
              {...form.getInputProps('login')}
            />
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {t('forgotSubmit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Anchor component={Link} to={WEB_ROUTES.authLogin} size="sm" ta="center">
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}
