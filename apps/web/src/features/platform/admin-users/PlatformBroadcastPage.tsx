import { PLATFORM_AUDIENCES, type PlatformBroadcastInput, type PlatformBroadcastRow, platformBroadcastBody, USER_TYPES } from '@app/contracts/admin-platform';
import { Card, Checkbox, Group, MultiSelect, Radio, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { LoadError } from '../../../ui/QueryState';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { formatDateTime, formatNumber } from '../../../ui/format';
import { Pager } from '../../../ui/list/Pager';
import { useAdminPlatformT } from './admin-platform-i18n';
import type { ListAnswer } from './admin-users.api';
import { CompanyCategoryFilter } from './CompanyCategoryFilter';
import { useCompanyPicker } from './use-company-options';

const EMPTY: PlatformBroadcastInput = { title: '', body: '', audience: 'all', ids: [], types: [] };

function useSectorOptions() {
  const { sid } = useCurrentSession();
  const sectors = useQuery({ queryKey: ['sectors', 'options', sid], queryFn: () => api.list<{ id: number; name: string }>('sectors', { limit: 100 }), staleTime: 5 * 60_000 });
  return (sectors.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
}

/** mnt/broadcast: the platform speaks to everyone, or to members of companies or sectors, or to account types. */
export function PlatformBroadcastPage() {
  const { t } = useAdminPlatformT();
  const { sid } = useCurrentSession();
  const client = useQueryClient();
  const sectors = useSectorOptions();
  const [page, setPage] = useState(0);
  const history = useQuery({
    queryKey: ['admin/broadcasts', sid, page],
    queryFn: () => api.request<PlatformBroadcastRow[]>('GET', 'admin/broadcasts', { query: { page } }) as Promise<ListAnswer<PlatformBroadcastRow>>,
    placeholderData: keepPreviousData,
    // The fan-out counts recipients in the background: follow a broadcast still being sent.
    refetchInterval: (query) => (query.state.data?.data.some((b) => b.status === 'sending') ? 2000 : false),
  });
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: platformBroadcastBody,
    initialValues: EMPTY,
    submit: (values: PlatformBroadcastInput) => api.post<PlatformBroadcastRow>('admin/broadcasts', values),
    successMessage: t('broadcast.sent'),
    onSuccess: () => {
      form.setValues(EMPTY);
      setPage(0);
      void client.invalidateQueries({ queryKey: ['admin/broadcasts'] });
    },
  });
  const audience = form.values.audience;
  const picker = useCompanyPicker((form.values.ids ?? []).map(String));
  const audienceLabel = (b: PlatformBroadcastRow) => (b.audience ? t(`broadcast.audiences.${b.audience.audience}`) : '—');
  return (
    <Stack gap="lg">
      <PageHeader title={t('broadcast.title')} description={t('broadcast.intro')} />
      <Card withBorder padding="lg">
        <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} submitLabel={t('broadcast.send')} data-testid="platform-broadcast-form">
          <TextInput label={t('broadcast.titleLabel')} required {...form.getInputProps('title')} data-testid="broadcast-title" />
          <Textarea label={t('broadcast.bodyLabel')} required autosize minRows={3} {...form.getInputProps('body')} data-testid="broadcast-body" />
          <Radio.Group label={t('broadcast.audience')} {...form.getInputProps('audience')}>
            <Group gap="md" mt={4}>
              {PLATFORM_AUDIENCES.map((value) => (
                <Radio key={value} value={value} label={t(`broadcast.audiences.${value}`)} data-testid={`broadcast-audience-${value}`} />
              ))}
            </Group>
          </Radio.Group>
          {audience === 'companies' ? <CompanyCategoryFilter value={picker.categoryId} onChange={picker.setCategoryId} testId="broadcast" /> : null}
          {audience === 'companies' || audience === 'sectors' ? (
            <MultiSelect
              label={audience === 'companies' ? t('broadcast.companies') : t('broadcast.sectors')}
              data={audience === 'companies' ? picker.options : sectors}
              searchable
              value={(form.values.ids ?? []).map(String)}
              onChange={(values) => form.setFieldValue('ids', values.map(Number))}
              error={form.errors.ids}
              data-testid="broadcast-ids"
            />
          ) : null}
          {audience === 'types' ? (
            <Checkbox.Group label={t('broadcast.types')} value={form.values.types ?? []} onChange={(values) => form.setFieldValue('types', values as PlatformBroadcastInput['types'])} error={form.errors.types}>
              <Group gap="md" mt={4}>
                {USER_TYPES.map((value) => (
                  <Checkbox key={value} value={value} label={t(`users.titleByType.${value}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          ) : null}
        </ResourceForm>
      </Card>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('broadcast.history')}
        </Title>
        {history.error ? <LoadError error={history.error} onRetry={() => void history.refetch()} /> : null}
        {history.data?.data.length ? (
          <Table striped data-testid="platform-broadcasts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('broadcast.date')}</Table.Th>
                <Table.Th>{t('broadcast.titleLabel')}</Table.Th>
                <Table.Th>{t('broadcast.audience')}</Table.Th>
                <Table.Th ta="right">{t('broadcast.recipients')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.data.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>{formatDateTime(b.published_at)}</Table.Td>
                  <Table.Td>
                    <Text fw={600}>{b.title}</Text>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {b.body}
                    </Text>
                  </Table.Td>
                  <Table.Td>{audienceLabel(b)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(b.recipient_count, 0)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : history.isPending ? null : (
          <Text c="dimmed">—</Text>
        )}
        <Pager page={page} meta={history.data?.meta} onPage={setPage} />
      </Stack>
    </Stack>
  );
}
