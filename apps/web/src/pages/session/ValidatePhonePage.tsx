import { validatePhoneRequestBody } from '@app/contracts/auth';
import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { postPhoneRequest, postPhoneValidation } from '../../features/identity/profile/profile.api';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { schemaMessage } from '../../lib/schema-language';
import { inSession } from '../../lib/session/session-id';
import { reloadUser } from '../../lib/session/session-service';
import { useCurrentSession } from '../../lib/session/use-session';
import { showError } from '../../lib/show-error';
import { showToast } from '../../lib/toast';
import { CodeInput } from '../../ui/CodeInput';

/** /{sid}/auth/validate-phone: the mobile number, then the 6-digit code sent by SMS. */
export function ValidatePhonePage() {
  const { t } = useTranslation('session');
  const { sid, account } = useCurrentSession();
  const navigate = useNavigate();
  const [phone, setPhone] = useState(account?.usr.phone ?? '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  useDocumentTitle(t('validatePhoneTitle'));

  const request = useMutation({
    mutationFn: (value: string) => postPhoneRequest(sid, value),
    onSuccess: (_answer, value) => {
      setSentTo(value);
      showToast({ message: t('codeSent'), tone: 'success' });
    },
    onError: showError,
  });
  const confirm = useMutation({
    mutationFn: () => postPhoneValidation(sid, sentTo ?? phone, code),
    onSuccess: async () => {
      showToast({ message: t('phoneValidated'), tone: 'success' });
      await reloadUser(sid);
      navigate(inSession(sid), { replace: true });
    },
    onError: showError,
  });

  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d{6}$/.test(code)) confirm.mutate();
  };
  const onSubmitPhone = (event: FormEvent) => {
    event.preventDefault();
    const check = validatePhoneRequestBody.safeParse({ phone });
    setPhoneError(check.success ? null : schemaMessage(check.error.issues[0]?.message ?? '') || null);
    if (check.success) request.mutate(phone.trim());
  };

  return (
    <Stack gap="lg" maw={520} mx="auto" data-testid="validate-phone-page">
      <Title order={1} size="h2">
        {t('validatePhoneTitle')}
      </Title>
      <Paper withBorder shadow="sm" p="lg">
        {sentTo ? (
          <form noValidate onSubmit={onSubmitCode}>
            <Stack gap="md">
              <Text size="sm">{t('codeSentTo', { phone: sentTo })}</Text>
              <CodeInput label={t('code')} value={code} onChange={setCode} />
              <Button type="submit" loading={confirm.isPending} disabled={!/^\d{6}$/.test(code)}>
                {t('validate')}
              </Button>
              <Button variant="subtle" onClick={() => setSentTo(null)}>
                {t('changeNumber')}
              </Button>
            </Stack>
          </form>
        ) : (
          <form noValidate onSubmit={onSubmitPhone}>
            <Stack gap="md">
              <TextInput
                label={t('phone')}
                description={t('phoneHint')}
                type="tel"
                autoComplete="tel"
                required
                value={phone}
                error={phoneError}
                onChange={(event) => setPhone(event.currentTarget.value)}
              />
              <Button type="submit" loading={request.isPending}>
                {t('sendCode')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Stack>
  );
}
