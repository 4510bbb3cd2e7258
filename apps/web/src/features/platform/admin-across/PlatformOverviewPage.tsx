import type { AdminOverview, ScoreLine } from '@app/contracts/admin-platform';
import { Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { formatDate, formatNumber } from '../../../ui/format';
import { useAdminPlatformT } from '../admin-users/admin-platform-i18n';

function Kpi({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={800} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

function Lines({ title, lines, empty, testId }: { title: string; lines: ScoreLine[]; empty: string; testId: string }) {
  const { t } = useAdminPlatformT();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('overview.name')}</Table.Th>
            <Table.Th ta="right">{t('overview.evaluations')}</Table.Th>
            <Table.Th ta="right">{t('overview.validated')}</Table.Th>
            <Table.Th ta="right">{t('overview.average')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id ?? 'none'}>
              <Table.Td>{line.name ?? empty}</Table.Td>
              <Table.Td ta="right">{formatNumber(line.evaluations, 0)}</Table.Td>
              <Table.Td ta="right">{formatNumber(line.validated, 0)}</Table.Td>
              <Table.Td ta="right">{line.average == null ? '—' : formatNumber(line.average, 2)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** mnt/overview: the business scorecards across companies, by sector, region and company. */
export function PlatformOverviewPage() {
  const { t } = useAdminPlatformT();
  const { sid } = useCurrentSession();
  const [search, setSearch] = useSearchParams();
  const params = Object.fromEntries(['from', 'to', 'sector_id'].flatMap((key) => (search.get(key) ? [[key, search.get(key)]] : [])));
  const overview = useQuery({
    queryKey: ['admin/overview', sid, params],
    queryFn: () => api.get<AdminOverview>('admin/overview', { query: params }),
    placeholderData: keepPreviousData,
  });
  const sectors = useQuery({ queryKey: ['sectors', 'options', sid], queryFn: () => api.list<{ id: number; name: string }>('sectors', { limit: 100 }), staleTime: 5 * 60_000 });
  const set = (key: string, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const data = overview.data;
  return (
    <Stack gap="lg">
      <PageHeader title={t('overview.title')} description={data ? `${formatDate(data.from)} – ${formatDate(data.to)}` : undefined} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput type="date" label={t('overview.from')} value={search.get('from') ?? ''} onChange={(e) => set('from', e.currentTarget.value)} data-testid="overview-from" />
        <TextInput type="date" label={t('overview.to')} value={search.get('to') ?? ''} onChange={(e) => set('to', e.currentTarget.value)} data-testid="overview-to" />
        <Select
          label={t('overview.sector')}
          placeholder={t('overview.allSectors')}
          data={(sectors.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={search.get('sector_id')}
          onChange={(value) => set('sector_id', value)}
          clearable
          data-testid="overview-sector"
        />
      </Group>
      <QueryState isPending={overview.isPending} error={overview.error} onRetry={() => void overview.refetch()}>
        {data ? (
          <Stack gap="lg" data-testid="platform-overview">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <Kpi label={t('overview.evaluations')} value={formatNumber(data.totals.evaluations, 0)} testId="overview-evaluations" />
              <Kpi label={t('overview.validated')} value={formatNumber(data.totals.validated, 0)} testId="overview-validated" />
              <Kpi label={t('overview.average')} value={data.totals.average == null ? '—' : formatNumber(data.totals.average, 2)} testId="overview-average" />
              <Kpi label={t('overview.companies')} value={formatNumber(data.totals.companies, 0)} testId="overview-companies" />
            </SimpleGrid>
            {data.totals.evaluations === 0 ? (
              <Text c="dimmed">{t('overview.empty')}</Text>
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, lg: 2 }}>
                  <Lines title={t('overview.bySector')} lines={data.bySector} empty={t('overview.noSector')} testId="overview-by-sector" />
                  <Lines title={t('overview.byRegion')} lines={data.byRegion} empty={t('overview.noRegion')} testId="overview-by-region" />
                </SimpleGrid>
                <Lines title={t('overview.byCompany')} lines={data.byCompany} empty="—" testId="overview-by-company" />
                <Card withBorder padding="lg">
                  <Title order={2} size="h4" mb="sm">
                    {t('overview.trend')}
                  </Title>
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('overview.day')}</Table.Th>
                        <Table.Th ta="right">{t('overview.evaluations')}</Table.Th>
                        <Table.Th ta="right">{t('overview.average')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.trend.map((d) => (
                        <Table.Tr key={d.day}>
                          <Table.Td>{formatDate(d.day)}</Table.Td>
                          <Table.Td ta="right">{formatNumber(d.evaluations, 0)}</Table.Td>
                          <Table.Td ta="right">{d.average == null ? '—' : formatNumber(d.average, 2)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Card>
              </>
            )}
          </Stack>
        ) : null}
      </QueryState>
    </Stack>
  );
}
