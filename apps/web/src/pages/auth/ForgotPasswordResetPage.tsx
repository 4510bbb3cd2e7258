import { resetPasswordBody } from '@app/contracts/auth';
import { WEB_ROUTES } from '@app/contracts/routes';
import { Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { postResetPassword } from '../../features/identity/auth/auth.api';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { toFormErrors, zodFormErrors } from '../../lib/form-errors';
import { isApiError } from '../../lib/http-error';
import { showError } from '../../lib/show-error';
import { showToast } from '../../lib/toast';
import { CodeInput } from '../../ui/CodeInput';

interface Values {
  code: string;
  password: string;
  password_confirmation: string;
}

/** /auth/forgot-password-reset?id=…: the code received and the new password. */
export function ForgotPasswordResetPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resetId = params.get('id') ?? '';
  useDocumentTitle(t('resetTitle'));
  const form = useForm<Values>({
    initialValues: { code: '', password: '', password_confirmation: '' },
    validate: (values) => zodFormErrors(resetPasswordBody, values),
  });
  const mutation = useMutation({
    mutationFn: (values: Values) => postResetPassword(resetId, values),
    onSuccess: () => {
      showToast({ title: t('resetDoneTitle'), message: t('resetDone'), tone: 'success' });
      navigate(WEB_ROUTES.authLogin, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error)) form.setErrors(toFormErrors(error.fieldErrors));
      showError(error);
    },
  });
  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1} size="h2">
          {t('resetTitle')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('resetSubtitle', { login: params.get('login') ?? '' })}
        </Text>
      </div>
      <Paper withBorder shadow="sm" p="lg">
        {resetId ? (
          <form data-testid="reset-password-form" noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
            <Stack gap="md">
              <CodeInput label={t('code')} {...form.getInputProps('code')} />
              <PasswordInput label={t('newPassword')} autoComplete="new-password" required {...form.getInputProps('password')} />
              <PasswordInput
                label={t('passwordConfirmation')}
                autoComplete="new-password"
                required
                {...form.getInputProps('password_confirmation')}
              />
              <Button type="submit" fullWidth loading={mutation.isPending}>
                {t('resetSubmit')}
              </Button>
            </Stack>
          </form>
        ) : (
          <Text role="alert">{t('resetMissingId')}</Text>
        )}
      </Paper>
      <Anchor component={Link} to={resetId ? WEB_ROUTES.authForgotPassword : WEB_ROUTES.authLogin} size="sm" ta="center">
        {resetId ? t('resendCode') : t('backToLogin')}
      </Anchor>
    </Stack>
  );
}
