import { normalizeInvitationCode } from '@app/contracts/company';
import { Anchor, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inSession } from '../../../lib/session/session-id';
import { InvitationActions } from './InvitationActions';
import { claimInvitation } from './invitations.api';

/**
 * "J'ai un code d'invitation": the code of the invitation's e-mail or SMS opens the
 * invitation (POST invitations/claim), which is then answered here with Refuser /
 * Accepter. The invitation link of the e-mail lands here with the code filled in and
 * opens it at once. Why a code opens nothing is the server's French message.
 */
export function InvitationCodeEntry({ sid, initialCode = '' }: { sid: string; initialCode?: string }) {
  const { t } = useTranslation('session');
  const [code, setCode] = useState(initialCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: (value: string) => claimInvitation(sid, value),
    onMutate: () => setAnswer(null),
    onError: (error) => setCodeError(error instanceof Error ? error.message : String(error)),
  });
  const submit = (value: string) => {
    setCodeError(null);
    const normalized = normalizeInvitationCode(value);
    if (!normalized) {
      setCodeError(t('invitationCodeInvalid'));
      return;
    }
    open.mutate(normalized);
  };
  // The e-mail's link carries the code: open it once, as if typed and sent.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !initialCode) return;
    opened.current = true;
    submit(initialCode);
  });
  const found = codeError ? null : open.data;
  return (
    <Stack gap="md" maw={560} data-testid="invitation-code">
      <Text c="dimmed">{t('invitationCodeIntro')}</Text>
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('invitationCodeLabel')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
            error={codeError}
            maxLength={32}
            autoComplete="off"
            spellCheck={false}
            style={{ flex: 1 }}
            data-testid="invitation-code-input"
          />
          <Button type="submit" mt={25} loading={open.isPending}>
            {t('invitationCodeSubmit')}
          </Button>
        </Group>
      </form>
      {found ? (
        <Card withBorder padding="md" data-testid="invitation-by-code">
          <Text fw={600}>{t('invitationSent', { host: found.hostName, company: found.companyName })}</Text>
          {found.job ? (
            <Text size="sm" c="dimmed">
              {t('invitationCodeJob', { job: found.job })}
            </Text>
          ) : null}
          {answer === null ? <InvitationActions sid={sid} invitationId={found.id} onAnswered={setAnswer} /> : null}
          {answer === 'accepted' ? (
            <Stack gap={4} mt="sm" role="status">
              <Text c="teal">{t('joinAccepted', { company: found.companyName })}</Text>
              <Anchor component={Link} to={inSession(sid, '/business')}>
                {t('invitationCodeOpenBusiness')}
              </Anchor>
            </Stack>
          ) : null}
          {answer !== null && answer !== 'accepted' ? (
            <Text mt="sm" role="status">
              {t('invitationCodeRefused', { company: found.companyName })}
            </Text>
          ) : null}
        </Card>
      ) : null}
    </Stack>
  );
}
