import { Anchor, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { adminApi } from '../admin-api';
import { useAdminT } from '../admin-i18n';
import { adminPaths } from '../admin-paths';
import { Pager } from '../../../ui/list/Pager';
import { useFilterParams } from '../use-filter-params';
import { CompanyStatusBadge } from './CompaniesPage';

/** `/{sid}/mnt/companies/{action}/bycustomer`: the companies grouped by the person who owns them. */
export function CompaniesByOwnerPage() {
  const t = useAdminT();
  const { sid } = useCurrentSession();
  const scope = useCacheScope();
  const { page, values, filter, set, goTo } = useFilterParams(['q'] as const);
  const [text, setText] = useState(values.q);
  const [debounced] = useDebouncedValue(text, 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new settled text searches.
  useEffect(() => {
    if (debounced.trim() !== values.q.trim()) set('q', debounced.trim() || null);
  }, [debounced]);
  const query = useQuery({
    queryKey: ['admin', scope, 'by-owner', filter, page],
    queryFn: ({ signal }) => adminApi.byOwner({ ...filter, page, limit: 20 }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t('companies.byCustomer')} breadcrumbs={[{ label: t('companies.title'), to: adminPaths.companies(sid) }, { label: t('companies.byCustomer') }]} />
      <TextInput type="search" label={t('companies.search')} value={text} onChange={(e) => setText(e.currentTarget.value)} maw={420} />
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {rows.length === 0 ? <Text c="dimmed">{t('companies.empty')}</Text> : null}
        <Stack gap="sm" data-testid="owners">
          {rows.map((owner) => (
            <Card key={owner.user_id} withBorder padding="sm" data-testid="owner-row">
              <Title order={2} size="h5">
                {owner.name || owner.email}
              </Title>
              {owner.email ? (
                <Text size="xs" c="dimmed">
                  {owner.email}
                </Text>
              ) : null}
              <Stack gap={4} mt="xs">
                {owner.companies.map((c) => (
                  <Group key={c.id} gap="xs">
                    <Anchor component={Link} to={adminPaths.company(sid, c.id)} data-testid="owner-company">
                      {c.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {c.code}
                    </Text>
                    <CompanyStatusBadge status={c.status} />
                  </Group>
                ))}
              </Stack>
            </Card>
          ))}
        </Stack>
        <Pager page={page} meta={query.data?.meta} onPage={goTo} />
      </QueryState>
    </Stack>
  );
}
