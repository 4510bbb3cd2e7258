import { Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http-error';
import { showError } from '../../../lib/show-error';
import { postRegister, type RegisterInput } from './auth.api';
import { validateSignup } from './signup-form.schema';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

/** Sign-up (section 5): name, e-mail, password and confirmation, promotional offers. */
export function SignupForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t, i18n } = useTranslation('auth');
  const form = useForm<RegisterInput>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', password: '', password_confirmation: '', promotional_offers: false },
    validate: (values) => validateSignup(values, i18n.language),
  });

  const mutation = useMutation({
    mutationFn: (values: RegisterInput) => postRegister({ ...values, name: values.name.trim(), email: values.email.trim() }),
    onSuccess: (answer, values) => onRegistered(answer?.email ?? values.email.trim()),
    onError: (error) => {
      if (isApiError(error)) {
        for (const field of FIELDS) {
          const messages = error.fieldErrors[field];
          if (messages?.length) form.setFieldError(field, messages.join('\n'));
        }
      }
      showError(error);
    },
  });

  return (
    <form data-testid="signup-form" noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <TextInput label={t('name')} autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput
          label={t('email')}
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('password')}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('passwordConfirmation')}
          autoComplete="new-password"
          required
          key={form.key('password_confirmation')}
          {...form.getInputProps('password_confirmation')}
        />
        <Checkbox
          label={t('promotionalOffers')}
          key={form.key('promotional_offers')}
          {...form.getInputProps('promotional_offers', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {t('signupSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
