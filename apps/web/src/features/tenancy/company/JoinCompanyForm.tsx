import { Avatar, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { useCompanyT } from '../company-i18n';
import { type CompanyByCode, findCompanyByCode, requestToJoin } from './company.api';

/**
 * Ask to join by company code: look the code up, show the company to check it is the
 * right one, then send the request (with an optional job and message). The company's
 * admins decide; the answer arrives as a live notification.
 */
export function JoinCompanyForm({ initialCode = '' }: { initialCode?: string }) {
  const { t } = useCompanyT();
  const [code, setCode] = useState(initialCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [job, setJob] = useState('');
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const lookup = useMutation({
    mutationFn: (value: string) => findCompanyByCode(value),
    onError: (error) => setCodeError(error instanceof Error ? error.message : String(error)),
  });
  const ask = useMutation({
    mutationFn: (company: CompanyByCode) => requestToJoin(company.id, { job: job.trim() || null, message: message.trim() || null }),
    onSuccess: (_answer, company) => {
      setSent(true);
      showToast({ message: t('requestSent', { name: company.name }), tone: 'success' });
    },
    onError: showError,
  });
  const found = lookup.data;
  const search = (event: React.FormEvent) => {
    event.preventDefault();
    setCodeError(null);
    setSent(false);
    if (code.trim().length < 4) {
      setCodeError(t('codeRequired'));
      return;
    }
    lookup.mutate(code.trim().toUpperCase());
  };
  return (
    <Stack gap="sm" data-testid="join-company">
      <form noValidate onSubmit={search}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('code')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
            error={codeError}
            maxLength={16}
            autoComplete="off"
            style={{ flex: 1 }}
            data-testid="join-code"
          />
          <Button type="submit" variant="default" loading={lookup.isPending}>
            {t('find')}
          </Button>
        </Group>
      </form>
      {found && !codeError ? (
        <Card withBorder padding="sm" data-testid="join-found">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={found.logo ? `/${found.logo}` : null} alt="" radius="sm">
              {found.name.slice(0, 2).toUpperCase()}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {found.name}
              </Text>
              <Text size="sm" c="dimmed">
                {[found.sector, found.town].filter(Boolean).join(' · ') || found.code}
              </Text>
            </div>
          </Group>
          {sent ? (
            <Text size="sm" mt="sm" c="teal" role="status" data-testid="join-sent">
              {t('requestSent', { name: found.name })}
            </Text>
          ) : (
            <Stack gap="xs" mt="sm">
              <TextInput label={t('job')} value={job} onChange={(e) => setJob(e.currentTarget.value)} maxLength={120} />
              <TextInput label={t('message')} value={message} onChange={(e) => setMessage(e.currentTarget.value)} maxLength={1000} />
              <Button onClick={() => ask.mutate(found)} loading={ask.isPending} data-testid="join-submit">
                {t('askToJoin')}
              </Button>
            </Stack>
          )}
        </Card>
      ) : null}
    </Stack>
  );
}
