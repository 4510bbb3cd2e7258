import { type ChangePasswordBody, changePasswordBody } from '@app/contracts/auth';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toFormErrors, zodFormErrors } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/http-error';
import { reloadUser } from '../../../lib/session/session-service';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { postPasswordChange } from './profile.api';

type Values = Required<Pick<ChangePasswordBody, 'current_password'>> & Omit<ChangePasswordBody, 'current_password'>;

/**
 * Password change of one's own account (profile/security): the current password, the
 * new one and its confirmation. The server ends the other sessions; this one stays.
 */
export function PasswordChangeForm({ sid, onChanged }: { sid: string; onChanged?: () => void }) {
  const { t } = useTranslation('session');
  const form = useForm<Values>({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: (values) => ({
      ...zodFormErrors(changePasswordBody, values),
      ...(values.current_password ? {} : { current_password: t('currentPasswordRequired') }),
    }),
  });
  const mutation = useMutation({
    mutationFn: (values: Values) => postPasswordChange(sid, values),
    onSuccess: async () => {
      form.reset();
      showToast({ message: t('passwordChanged'), tone: 'success' });
      await reloadUser(sid);
      onChanged?.();
    },
    onError: (error) => {
      if (isApiError(error)) form.setErrors(toFormErrors(error.fieldErrors));
      showError(error);
    },
  });
  return (
    <form data-testid="password-change-form" noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md" maw={420}>
        <PasswordInput label={t('currentPassword')} autoComplete="current-password" required {...form.getInputProps('current_password')} />
        <PasswordInput label={t('newPassword')} autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordInput
          label={t('passwordConfirmation')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" loading={mutation.isPending}>
          {t('changePassword')}
        </Button>
      </Stack>
    </form>
  );
}
