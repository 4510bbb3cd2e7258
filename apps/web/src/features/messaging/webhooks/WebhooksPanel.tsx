import { Alert, Badge, Button, Card, Checkbox, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { WEBHOOK_EVENTS } from '@app/contracts/messaging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { showError } from '../../../lib/show-error';
import { formatDateTime } from '../../../ui/format';
import { Pager } from '../../../ui/list/Pager';

interface Endpoint {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  secret?: string;
}

interface Delivery {
  id: number;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
}

const STATUS_COLOR = { pending: 'yellow', delivered: 'green', failed: 'red' } as const;

/** The company's webhook endpoints: add one (the secret shown once), each one's delivery log with "Renvoyer". */
export function WebhooksPanel() {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: ['messaging', scope, 'webhooks'], queryFn: () => api.get<Endpoint[]>('webhooks') });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['participation.submitted']);
  const [created, setCreated] = useState<Endpoint | null>(null);
  const create = useMutation({
    mutationFn: () => api.post<Endpoint>('webhooks', { url, events }),
    onSuccess: (endpoint) => {
      setCreated(endpoint);
      setUrl('');
      void queryClient.invalidateQueries({ queryKey: ['messaging', scope, 'webhooks'] });
    },
    onError: (error) => showError(error),
  });
  return (
    <Stack gap="md" data-testid="webhooks">
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          {t('webhooks.add')}
        </Title>
        <Stack gap="xs">
          <TextInput label={t('webhooks.url')} placeholder="https://" value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
          <Checkbox.Group label={t('webhooks.events')} value={events} onChange={setEvents}>
            <Group gap="sm" mt={4}>
              {WEBHOOK_EVENTS.map((e) => (
                <Checkbox key={e} value={e} label={e} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!url || events.length === 0}>
              {t('webhooks.save')}
            </Button>
          </Group>
          {created?.secret ? (
            <Alert color="blue" title={t('webhooks.secretTitle')}>
              <Text size="sm">{t('webhooks.secretHint')}</Text>
              <Code block>{created.secret}</Code>
            </Alert>
          ) : null}
        </Stack>
      </Card>
      {endpoints.data?.map((endpoint) => (
        <EndpointLog key={endpoint.id} endpoint={endpoint} />
      ))}
    </Stack>
  );
}

function EndpointLog({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const queryClient = useQueryClient();
  const key = ['messaging', scope, 'webhooks', endpoint.id, 'deliveries'];
  // The log one page at a time (the kit's pager is 0-based; the API counts from 1).
  const [page, setPage] = useState(0);
  const deliveries = useQuery({
    queryKey: [...key, page],
    queryFn: () => api.list<Delivery>(`webhooks/${endpoint.id}/deliveries`, undefined, { query: { page: page + 1 } }),
    placeholderData: keepPreviousData,
  });
  const redeliver = useMutation({
    mutationFn: (id: number) => api.post(`webhooks/${endpoint.id}/deliveries/${id}/redeliver`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: (error) => showError(error),
  });
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {endpoint.url}
        </Text>
        <Badge color={endpoint.active ? 'green' : 'gray'}>{endpoint.active ? t('webhooks.active') : t('webhooks.inactive')}</Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {endpoint.events.join(', ')}
      </Text>
      <Table.ScrollContainer minWidth={500}>
        <Table>
          <Table.Tbody>
            {deliveries.data?.data.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{formatDateTime(d.created_at)}</Table.Td>
                <Table.Td>{d.event}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[d.status]}>{t(`webhooks.status.${d.status}`)}</Badge>
                </Table.Td>
                <Table.Td>{t('webhooks.attempts', { count: d.attempts })}</Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {d.last_error ?? d.last_status_code ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="light" onClick={() => redeliver.mutate(d.id)}>
                    {t('webhooks.redeliver')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager page={page} meta={deliveries.data?.meta} onPage={setPage} disabled={deliveries.isPlaceholderData} />
    </Card>
  );
}
