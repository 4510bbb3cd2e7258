import { pendingChatroomBody } from '@app/contracts/messaging';
import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaMessage } from '../../../lib/schema-language';
import { showError } from '../../../lib/show-error';
import { type PublicCompanyBrief, resolveCode } from '../../collection/answering/answering.api';
import { newClientKey } from '../chat/client-key';
import { askToTalk, type RoomDetail } from '../messaging.api';

/**
 * The customer's request to talk: find the company by its public code (printed on its
 * forms, posters and QR codes; `?company=CODE` fills it in), write a first message, send
 * (POST chatrooms/pending). The key of the request is kept until it succeeds, so a second
 * click or a retry after a network failure adds nothing twice.
 */
export function AskToTalkForm({ initialCode, onSent }: { initialCode: string; onSent: (room: RoomDetail) => void }) {
  const { t } = useTranslation('messaging');
  const queryClient = useQueryClient();
  const [code, setCode] = useState(initialCode);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const key = useRef(newClientKey());
  const find = useMutation({
    mutationFn: async (value: string): Promise<PublicCompanyBrief | null> => {
      const target = await resolveCode(value);
      return target ? target.company : null;
    },
    onError: showError,
  });
  const company = find.data ?? null;
  const send = useMutation({
    mutationFn: () => askToTalk({ company_id: company!.id, body: message.trim(), client_key: key.current }),
    onSuccess: (room) => {
      key.current = newClientKey();
      void queryClient.invalidateQueries({ queryKey: ['messaging'] });
      onSent(room);
    },
    onError: showError,
  });
  // A code given in the address (a company's page links here) is looked up at once.
  const { mutate: lookUp } = find;
  useEffect(() => {
    if (initialCode) lookUp(initialCode);
  }, [initialCode, lookUp]);

  const onFind = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) find.mutate(code);
  };
  const onSend = (e: FormEvent) => {
    e.preventDefault();
    // The contract's rule, the same the server applies, its message in the interface's language.
    const checked = pendingChatroomBody.shape.body.safeParse(message);
    if (!checked.success) return setMessageError(schemaMessage(checked.error.issues[0]?.message ?? '') || null);
    setMessageError(null);
    send.mutate();
  };
  return (
    <Card withBorder padding="md" data-testid="ask-to-talk">
      <Title order={2} size="h4" mb="sm">
        {t('talk.newRequest')}
      </Title>
      <Stack gap="sm">
        <form onSubmit={onFind}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('talk.companyCode')}
              description={t('talk.companyCodeHelp')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoCapitalize="characters"
              autoComplete="off"
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" variant="default" loading={find.isPending}>
              {t('talk.find')}
            </Button>
          </Group>
        </form>
        {find.isSuccess && !company ? (
          <Alert color="yellow" role="alert">
            {t('talk.notFound')}
          </Alert>
        ) : null}
        {company ? (
          <form onSubmit={onSend}>
            <Stack gap="sm">
              <Text fw={600} data-testid="ask-company">
                {t('talk.company', { name: company.name })}
              </Text>
              <Textarea
                label={t('talk.firstMessage')}
                description={t('talk.firstMessageHelp')}
                autosize
                minRows={3}
                maxLength={4000}
                value={message}
                onChange={(e) => setMessage(e.currentTarget.value)}
                error={messageError}
              />
              <Group>
                <Button type="submit" loading={send.isPending}>
                  {t('talk.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Text size="sm" c="dimmed">
            {t('talk.chooseCompany')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
