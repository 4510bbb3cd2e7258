import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { getProviders, type LoginResponse, postFacebookLogin, postGoogleLogin } from './auth.api';
import { useCompleteSignIn } from './complete-sign-in.hook';
import { requestFacebookToken, requestGoogleCredential } from './social-sdk';

type Provider = 'google' | 'facebook';

/**
 * Social sign-in buttons, shown only for the providers the server has configured
 * (GET auth/providers). Nothing is shown while asking, or when the server cannot say.
 */
export function SocialButtons() {
  const { t } = useTranslation('auth');
  const completeSignIn = useCompleteSignIn();
  const providers = useQuery({ queryKey: ['auth', 'providers'], queryFn: getProviders, staleTime: Number.POSITIVE_INFINITY });

  const mutation = useMutation({
    mutationFn: async (provider: Provider): Promise<LoginResponse | null> => {
      const config = providers.data;
      if (provider === 'google' && config?.google_client_id) {
        const credential = await requestGoogleCredential(config.google_client_id);
        return credential ? postGoogleLogin(credential) : null;
      }
      if (provider === 'facebook' && config?.facebook_app_id) {
        const token = await requestFacebookToken(config.facebook_app_id);
        return token ? postFacebookLogin(token) : null;
      }
      return null;
    },
    onSuccess: (response) => {
      if (response) completeSignIn(response);
    },
    onError: (error) => {
      if (error instanceof Error && /^(failed|timeout):|unavailable/.test(error.message)) {
        showToast({ title: t('socialUnavailableTitle'), message: t('socialUnavailable'), tone: 'warning' });
        return;
      }
      showError(error);
    },
  });

  const google = Boolean(providers.data?.google && providers.data.google_client_id);
  const facebook = Boolean(providers.data?.facebook && providers.data.facebook_app_id);
  if (!google && !facebook) return null;
  const busy = mutation.isPending ? mutation.variables : null;
  return (
    <Stack gap="sm" data-testid="social-buttons">
      <Divider label={t('orContinueWith')} labelPosition="center" />
      {google ? (
        <Button variant="default" leftSection={<IconBrandGoogle size={18} />} loading={busy === 'google'} onClick={() => mutation.mutate('google')}>
          {t('google')}
        </Button>
      ) : null}
      {facebook ? (
        <Button
          variant="default"
          leftSection={<IconBrandFacebook size={18} />}
          loading={busy === 'facebook'}
          onClick={() => mutation.mutate('facebook')}
        >
          {t('facebook')}
        </Button>
      ) : null}
    </Stack>
  );
}
