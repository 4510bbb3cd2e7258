import { WEB_ROUTES } from '@app/contracts/routes';
import { Button, Stack, TextInput } from '@mantine/core';
import { CodeInput } from '../../../ui/CodeInput';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/http-error';
import { showError } from '../../../lib/show-error';
import { leaveSignInNotice, tabStorage } from '../../../lib/session/sign-in-handoff';
import { isLoginResponse, postValidateAccount } from './auth.api';
import { useCompleteSignIn } from './complete-sign-in.hook';

interface Values {
  email: string;
  code: string;
}

/** Account validation by the 6-digit code e-mailed at sign-up; signs in on success. */
export function ValidateAccountForm({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const form = useForm<Values>({
    initialValues: { email, code: '' },
    validate: {
      email: (value) => (value.trim() ? null : t('emailRequired')),
      code: (value) => (/^\d{6}$/.test(value) ? null : t('codeInvalid')),
    },
  });

  const mutation = useMutation({
    mutationFn: (values: Values) => postValidateAccount(values.email.trim(), values.code),
    onSuccess: (answer) => {
      if (isLoginResponse(answer)) return completeSignIn(answer);
      // The sign-in page is another page (auth.html): it says so on arrival.
      leaveSignInNotice(tabStorage(), 'validated');
      navigate(WEB_ROUTES.authLogin);
    },
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.code?.length) form.setFieldError('code', error.fieldErrors.code.join('\n'));
      showError(error);
    },
  });

  return (
    <form data-testid="validate-account-form" noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <TextInput label={t('email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <CodeInput label={t('code')} {...form.getInputProps('code')} />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {t('validateSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
