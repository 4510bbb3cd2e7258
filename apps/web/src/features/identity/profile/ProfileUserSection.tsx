import { type ProfileUpdateBody, profileUpdateBody } from '@app/contracts/auth';
import { Avatar, Badge, Button, Checkbox, FileButton, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeLanguage } from '../../../i18n/i18n';
import { APP_LANGUAGES, isAppLanguage, LANGUAGE_NAMES } from '../../../i18n/languages';
import { toFormErrors, zodFormErrors } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/http-error';
import type { StoredAccount } from '../../../lib/session/account.types';
import { pictureUrl } from '../../../lib/session/picture';
import { inSession } from '../../../lib/session/session-id';
import { reloadUser, storeUser } from '../../../lib/session/session-service';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { initialsOf } from '../session/AccountMenu';
import { postPhoto, postProfileUpdate } from './profile.api';

type Values = { first_name: string; last_name: string; username: string; locale: string; promotional_offers: boolean };

const LANGUAGE_OPTIONS = APP_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));
const PHOTO_TYPES = 'image/png,image/jpeg,image/webp';

function toBody(values: Values): ProfileUpdateBody {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim() || null,
    username: values.username.trim() || null,
    locale: values.locale as ProfileUpdateBody['locale'],
    promotional_offers: values.promotional_offers,
  };
}

/** Profile, user section: names, username, language, promotional offers, and the photo. */
export function ProfileUserSection({ account }: { account: StoredAccount }) {
  const { t } = useTranslation('session');
  const { usr, sid } = account;
  const form = useForm<Values>({
    initialValues: {
      first_name: usr.first_name ?? '',
      last_name: usr.last_name ?? '',
      username: usr.username ?? '',
      locale: usr.locale || 'fr',
      promotional_offers: Boolean(usr.promotional_offers),
    },
    validate: (values) => zodFormErrors(profileUpdateBody, toBody(values)),
  });
  const update = useMutation({
    mutationFn: (values: Values) => postProfileUpdate(sid, toBody(values)),
    onSuccess: async (user) => {
      storeUser(sid, user);
      showToast({ message: t('profileSaved'), tone: 'success' });
      if (isAppLanguage(user.locale)) await changeLanguage(user.locale);
    },
    onError: (error) => {
      if (isApiError(error)) form.setErrors(toFormErrors(error.fieldErrors));
      showError(error);
    },
  });
  const photo = useMutation({
    mutationFn: (file: File) => postPhoto(sid, file),
    onSuccess: async () => {
      showToast({ message: t('photoSaved'), tone: 'success' });
      await reloadUser(sid);
    },
    onError: showError,
  });

  return (
    <Stack gap="lg" maw={520}>
      <Group gap="md">
        <Avatar src={pictureUrl(account.picture)} alt={t('photo')} size={72} radius="xl" color="blue" data-testid="profile-photo">
          {initialsOf(usr.name)}
        </Avatar>
        <Stack gap={4}>
          <FileButton onChange={(file) => file && photo.mutate(file)} accept={PHOTO_TYPES}>
            {(props) => (
              <Button {...props} variant="default" size="xs" loading={photo.isPending}>
                {t('changePhoto')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('photoHint')}
          </Text>
        </Stack>
      </Group>
      <form data-testid="profile-user-form" noValidate onSubmit={form.onSubmit((values) => update.mutate(values))}>
        <Stack gap="md">
          <Group grow>
            <TextInput label={t('firstName')} autoComplete="given-name" required {...form.getInputProps('first_name')} />
            <TextInput label={t('lastName')} autoComplete="family-name" {...form.getInputProps('last_name')} />
          </Group>
          <TextInput label={t('username')} autoComplete="username" {...form.getInputProps('username')} />
          <TextInput label={t('email')} value={usr.email ?? ''} readOnly disabled />
          <Group gap="xs" align="flex-end">
            <TextInput label={t('phone')} value={usr.phone ?? ''} readOnly disabled style={{ flex: 1 }} />
            {usr.phone_verified_at ? (
              <Badge color="teal" variant="light" mb={8} data-testid="phone-verified">
                {t('phoneVerified')}
              </Badge>
            ) : (
              <Button component={Link} to={inSession(sid, '/auth/validate-phone')} variant="light">
                {t('validatePhoneLink')}
              </Button>
            )}
          </Group>
          <NativeSelect label={t('language')} data={LANGUAGE_OPTIONS} {...form.getInputProps('locale')} />
          <Checkbox label={t('promotionalOffers')} {...form.getInputProps('promotional_offers', { type: 'checkbox' })} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
