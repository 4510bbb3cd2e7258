import { ADMIN_COMPANY_SORTS, type AdminCompanyRow, COMPANY_STATUSES } from '@app/contracts/admin';
import { Anchor, Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { formatDate } from '../../../ui/format';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { commerceApi } from '../../commerce/commerce-api';
import { useCatalogueT } from '../../reference/catalogue-i18n';
import { CategorySelect } from '../../reference/categories/CategorySelect';
import { useCompanyOptions } from '../../tenancy/company/company-options';
import { adminApi } from '../admin-api';
import { useAdminT } from '../admin-i18n';
import { adminPaths } from '../admin-paths';
import { Pager } from '../../../ui/list/Pager';
import { useFilterParams } from '../use-filter-params';

const KEYS = ['q', 'sector_id', 'category_id', 'town_id', 'package_id', 'status', 'sort'] as const;
const PAGE_SIZE = 20;

export function CompanyStatusBadge({ status }: { status: string }) {
  const t = useAdminT();
  return (
    <Badge color={status === 'active' ? 'green' : 'red'} variant="light" data-status={status}>
      {t(`companies.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** `/{sid}/mnt/companies`: every company with its counts; search, filters, sort, pages, xlsx. */
export function CompaniesPage() {
  const t = useAdminT();
  const catalogueT = useCatalogueT();
  const { sid } = useCurrentSession();
  const scope = useCacheScope();
  const navigate = useNavigate();
  const { page, values, filter, set, goTo, clear } = useFilterParams(KEYS);
  const [text, setText] = useState(values.q);
  const [debounced] = useDebouncedValue(text, 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new settled text searches.
  useEffect(() => {
    if (debounced.trim() !== values.q.trim()) set('q', debounced.trim() || null);
  }, [debounced]);
  const query = useQuery({
    queryKey: ['admin', scope, 'companies', filter, page],
    queryFn: ({ signal }) => adminApi.companies({ ...filter, page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const options = useCompanyOptions();
  const packages = useQuery({ queryKey: ['catalogue', scope, 'packages'], queryFn: commerceApi.packages });
  const [exporting, setExporting] = useState(false);
  const exportXlsx = async () => {
    setExporting(true);
    try {
      const { page: _p, ...rest } = { ...filter, page };
      const name = await adminApi.exportCompanies(rest);
      showToast({ message: t('companies.exported', { name }), tone: 'success' });
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };
  const rows: AdminCompanyRow[] = query.data?.data ?? [];
  const any = t('companies.any');
  return (
    <Stack gap="md">
      <PageHeader
        title={t('companies.title')}
        actions={
          <Group gap="xs">
            <Button component={Link} to={adminPaths.byCustomer(sid)} variant="default">
              {t('companies.byCustomer')}
            </Button>
            <Button onClick={exportXlsx} loading={exporting} data-testid="companies-export">
              {t('companies.export')}
            </Button>
          </Group>
        }
      />
      <Card withBorder padding="sm">
        <Group gap="sm" align="flex-end" wrap="wrap" data-testid="companies-filters">
          <TextInput style={{ flex: '2 1 14rem' }} type="search" label={t('companies.search')} value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="companies-search" />
          <Select style={{ flex: '1 1 10rem' }} label={t('companies.sector')} placeholder={any} clearable searchable data={options.sectors} value={values.sector_id || null} onChange={(v) => set('sector_id', v)} />
          <CategorySelect
            style={{ flex: '1 1 10rem' }}
            type="company"
            includeInactive
            label={catalogueT('categories.category')}
            placeholder={any}
            value={values.category_id ? Number(values.category_id) : null}
            onChange={(id) => set('category_id', id === null ? null : String(id))}
            data-testid="companies-filter-category"
          />
          <Select style={{ flex: '1 1 10rem' }} label={t('companies.town')} placeholder={any} clearable searchable data={options.towns} value={values.town_id || null} onChange={(v) => set('town_id', v)} />
          <Select
            style={{ flex: '1 1 10rem' }}
            label={t('companies.package')}
            placeholder={any}
            clearable
            data={(packages.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            value={values.package_id || null}
            onChange={(v) => set('package_id', v)}
          />
          <Select
            style={{ flex: '1 1 9rem' }}
            label={t('companies.status')}
            placeholder={any}
            clearable
            data={COMPANY_STATUSES.map((s) => ({ value: s, label: t(`companies.statuses.${s}`) }))}
            value={values.status || null}
            onChange={(v) => set('status', v)}
            data-testid="companies-filter-status"
          />
          <Select
            style={{ flex: '1 1 11rem' }}
            label={t('companies.sort')}
            data={ADMIN_COMPANY_SORTS.filter((s) => s !== 'code' && s !== '-code').map((s) => ({ value: s, label: t(`companies.sorts.${s}`) }))}
            value={values.sort || 'name'}
            onChange={(v) => set('sort', v === 'name' ? null : v)}
            data-testid="companies-sort"
          />
          <Button
            variant="subtle"
            disabled={Object.keys(filter).length === 0}
            onClick={() => {
              setText('');
              clear();
            }}
          >
            {t('audit.clear')}
          </Button>
        </Group>
      </Card>
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {rows.length === 0 ? (
          <Text c="dimmed" data-testid="companies-empty">
            {t('companies.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover data-testid="companies-table" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('companies.name')}</Table.Th>
                  <Table.Th>{t('companies.sector')}</Table.Th>
                  <Table.Th>{t('companies.town')}</Table.Th>
                  <Table.Th>{t('companies.package')}</Table.Th>
                  <Table.Th>{t('companies.status')}</Table.Th>
                  <Table.Th ta="right">{t('companies.agents')}</Table.Th>
                  <Table.Th ta="right">{t('companies.sites')}</Table.Th>
                  <Table.Th ta="right">{t('companies.surveys')}</Table.Th>
                  <Table.Th ta="right">{t('companies.participations')}</Table.Th>
                  <Table.Th>{t('companies.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.id} data-testid="company-row" data-company-id={c.id} style={{ cursor: 'pointer' }} onClick={(e) => (e.target as Element).closest('a') || navigate(adminPaths.company(sid, c.id))}>
                    <Table.Td>
                      <Anchor component={Link} to={adminPaths.company(sid, c.id)} fw={600}>
                        {c.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {c.code} {c.email ? `· ${c.email}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{c.sector ?? '—'}</Table.Td>
                    <Table.Td>{c.town ?? '—'}</Table.Td>
                    <Table.Td>{c.package ?? '—'}</Table.Td>
                    <Table.Td>
                      <CompanyStatusBadge status={c.status} />
                    </Table.Td>
                    <Table.Td ta="right">{c.agents}</Table.Td>
                    <Table.Td ta="right">{c.sites}</Table.Td>
                    <Table.Td ta="right">{c.surveys}</Table.Td>
                    <Table.Td ta="right">{c.participations}</Table.Td>
                    <Table.Td>{formatDate(c.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {query.data?.meta?.total !== undefined ? (
          <Text size="sm" c="dimmed" data-testid="companies-total-count">
            {t('companies.total', { count: query.data.meta.total })}
          </Text>
        ) : null}
        <Pager page={page} meta={query.data?.meta} onPage={goTo} />
      </QueryState>
    </Stack>
  );
}
