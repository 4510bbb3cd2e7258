import { WEB_ROUTES } from '@app/contracts/routes';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/http-error';
import { showError } from '../../../lib/show-error';
import { type LoginInput, postLogin } from './auth.api';
import { useCompleteSignIn } from './complete-sign-in.hook';
import { LOGIN_INPUT_LIMITS, validateLogin } from './login-form.schema';

/** Sign-in by login (username, e-mail or phone) and password. */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { login: '', password: '' },
    validate: (values) => validateLogin(values, t),
  });

  const mutation = useMutation({
    mutationFn: (values: LoginInput) => postLogin({ login: values.login.trim(), password: values.password }),
    onSuccess: completeSignIn,
    onError: (error, values) => {
      // Field messages go under their input too; the toast carries the full text.
      if (isApiError(error)) {
        for (const field of ['login', 'password'] as const) {
          const messages = error.fieldErrors[field];
          if (messages?.length) form.setFieldError(field, messages.join('\n'));
        }
      }
      showError(error);
      // The server has just e-mailed a fresh code to an account never validated.
      if (isApiError(error) && error.code === 'account_not_validated') {
        const query = new URLSearchParams({ step: 'validate', email: values.login.trim() });
        navigate(`${WEB_ROUTES.authCreateAccount}?${query.toString()}`);
      }
    },
  });

  return (
    <form data-testid="login-form" noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <TextInput
          label={t('login')}
          description={t('loginDescription')}
          autoComplete="username"
          maxLength={LOGIN_INPUT_LIMITS.login}
          required
          key={form.key('login')}
          {...form.getInputProps('login')}
        />
        <PasswordInput
          label={t('password')}
          autoComplete="current-password"
          maxLength={LOGIN_INPUT_LIMITS.password}
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
