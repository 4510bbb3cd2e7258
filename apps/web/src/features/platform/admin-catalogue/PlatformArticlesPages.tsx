import type { AdminArticleCategoryRow } from '@app/contracts/admin-catalogue';
import type { AcrossRow } from '@app/contracts/admin-platform';
import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useCurrentSession } from '../../../lib/session/use-session';
import { DetailDrawer } from '../../../ui/detail/DetailPage';
import { formatDate, formatNumber } from '../../../ui/format';
import type { ListColumn } from '../../../ui/list/list.types';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { StatusBadge } from '../../../ui/StatusBadge';
import { flattenTree, useCategoryTree } from '../../reference/catalogue-api';
import { acrossApi } from '../admin-across/across.api';
import { AdminList } from '../admin-users/AdminList';
import { CompanyCategoryFilter } from '../admin-users/CompanyCategoryFilter';
import { useCompanyPicker } from '../admin-users/use-company-options';
import { catalogueApi } from './catalogue.api';
import { useAdminCatalogueT } from './catalogue-i18n';
import { cataloguePaths } from './catalogue-paths';

function useCategories() {
  const { sid } = useCurrentSession();
  return useQuery({ queryKey: ['admin/articles/categories', sid], queryFn: catalogueApi.articleCategories });
}

function CategoriesTable({ rows }: { rows: AdminArticleCategoryRow[] }) {
  const { t } = useAdminCatalogueT();
  const { sid } = useCurrentSession();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return (
    <Table striped withTableBorder data-testid="article-categories">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('articles.category')}</Table.Th>
          <Table.Th ta="right">{t('articles.articles')}</Table.Th>
          <Table.Th ta="right">{t('articles.companies')}</Table.Th>
          <Table.Th ta="right">{t('articles.bookings')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id ?? 'none'} data-testid="article-category-row">
            <Table.Td>
              {row.id === null ? (
                <Text c="dimmed">{t('articles.uncategorised')}</Text>
              ) : (
                <Anchor component={Link} to={cataloguePaths.articleList(sid, `?category_id=${row.id}`)}>
                  {row.name}
                </Anchor>
              )}
              {row.parent_id ? <Text size="xs" c="dimmed">{names.get(row.parent_id) ?? ''}</Text> : null}
            </Table.Td>
            <Table.Td ta="right">{formatNumber(row.articles)}</Table.Td>
            <Table.Td ta="right">{formatNumber(row.companies)}</Table.Td>
            <Table.Td ta="right">{formatNumber(row.bookings)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** mnt/articles: the platform's articles and bookings at a glance, by category. */
export function ArticlesHomePage() {
  const { t } = useAdminCatalogueT();
  const { sid } = useCurrentSession();
  const categories = useCategories();
  const totals = categories.data?.totals;
  const keys = ['articles', 'companies', 'bookings', 'pending', 'confirmed', 'cancelled'] as const;
  return (
    <Stack gap="md">
      <PageHeader
        title={t('articles.title')}
        description={t('articles.description')}
        actions={
          <Group gap="xs">
            <Button component={Link} to={cataloguePaths.articleList(sid)} variant="light">
              {t('articles.seeList')}
            </Button>
            <Button component={Link} to={cataloguePaths.articleCategories(sid)} variant="subtle">
              {t('articles.seeCategories')}
            </Button>
          </Group>
        }
      />
      <QueryState isPending={categories.isPending} error={categories.error} onRetry={() => void categories.refetch()}>
        {totals ? (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} data-testid="article-totals">
              {keys.map((key) => (
                <Card key={key} withBorder padding="sm">
                  <Text size="sm" c="dimmed">
                    {t(`articles.totals.${key}`)}
                  </Text>
                  <Text fz={24} fw={700} data-testid={`article-total-${key}`}>
                    {formatNumber(totals[key])}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
            <CategoriesTable rows={categories.data?.rows ?? []} />
          </Stack>
        ) : null}
      </QueryState>
    </Stack>
  );
}

/** mnt/articles/categories: the article categories with their articles, companies and bookings. */
export function ArticleCategoriesPage() {
  const { t } = useAdminCatalogueT();
  const { sid } = useCurrentSession();
  const categories = useCategories();
  return (
    <Stack gap="md">
      <PageHeader title={t('articles.categoriesTitle')} breadcrumbs={[{ label: t('articles.title'), to: cataloguePaths.articles(sid) }, { label: t('articles.categoriesTitle') }]} />
      <QueryState isPending={categories.isPending} error={categories.error} onRetry={() => void categories.refetch()}>
        {categories.data && categories.data.rows.length === 0 ? <Text c="dimmed">{t('articles.empty')}</Text> : <CategoriesTable rows={categories.data?.rows ?? []} />}
      </QueryState>
    </Stack>
  );
}

/** mnt/articles/list: every company's articles, filtered by company, category and kind; a row opens its bookings beside the list. */
export function ArticlesListPage() {
  const { t } = useAdminCatalogueT();
  const { sid } = useCurrentSession();
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const picker = useCompanyPicker();
  const fetch = useMemo(() => acrossApi.list('articles'), []);
  const openId = Number(search.get('open'));
  const opened = useQuery({ queryKey: ['admin/articles', sid, 'detail', openId], queryFn: () => acrossApi.get('articles', openId), enabled: openId > 0 });
  // The article kind's one category tree, indented; a parent also finds its children's articles (API rule).
  const tree = useCategoryTree('article');
  const categoryOptions = flattenTree(tree.data ?? []).map(({ node, depth }) => ({ value: String(node.id), label: `${'\u2003'.repeat(depth)}${node.name}` }));
  const columns: ListColumn<AcrossRow>[] = [
    { id: 'name', header: t('articles.name'), cell: (r) => r.name, primary: true },
    { id: 'company', header: t('common.company'), cell: (r) => r.company_name },
    { id: 'category', header: t('articles.category'), cell: (r) => r.detail ?? t('articles.uncategorised') },
    { id: 'bookings', header: t('articles.bookings'), cell: (r) => formatNumber(r.figure ?? 0), align: 'right' },
    { id: 'status', header: t('common.status'), cell: (r) => <StatusBadge status={r.status} /> },
    { id: 'created', header: t('common.created'), cell: (r) => formatDate(r.created_at), hideOnCard: true },
  ];
  const openHref = (row: AcrossRow) => {
    const next = new URLSearchParams(search);
    next.set('open', String(row.id));
    return `${pathname}?${next.toString()}`;
  };
  const close = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('open');
        return next;
      },
      { replace: true },
    );
  const item = opened.data;
  return (
    <>
      <AdminList<AcrossRow>
        title={t('articles.listTitle')}
        description={
          <Anchor component={Link} to={cataloguePaths.articles(sid)} size="sm">
            {t('articles.title')}
          </Anchor>
        }
        queryKey="admin/articles"
        fetch={fetch}
        columns={columns}
        searchPlaceholder={t('articles.searchPlaceholder')}
        filters={[
          { key: 'company_id', label: t('common.company'), options: picker.options, searchable: true, before: <CompanyCategoryFilter value={picker.categoryId} onChange={picker.setCategoryId} testId="admin-articles" /> },
          { key: 'category_id', label: t('articles.category'), options: categoryOptions },
          { key: 'kind', label: t('articles.kind'), options: (['good', 'service'] as const).map((value) => ({ value, label: t(`articles.kinds.${value}`) })) },
        ]}
        rowHref={openHref}
        rowLabel={(row) => row.name}
        testId="admin-articles"
      />
      <DetailDrawer opened={openId > 0} onClose={close} title={item?.name ?? t('articles.listTitle')}>
        <QueryState isPending={opened.isPending} error={opened.error} notFound={t('common.notFound')}>
          {item ? (
            <Stack gap="md" data-testid="admin-article-detail">
              <Table variant="vertical" withTableBorder>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w={180}>{t('common.company')}</Table.Th>
                    <Table.Td>{item.company_name}</Table.Td>
                  </Table.Tr>
                  {item.facts.map((fact) => (
                    <Table.Tr key={fact.key}>
                      <Table.Th>{t(`articles.facts.${fact.key}`, { defaultValue: fact.key })}</Table.Th>
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{fact.key === 'kind' ? t(`articles.kinds.${fact.value}`, { defaultValue: fact.value }) : fact.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Title order={2} size="h4">
                {t('articles.bookings')}
              </Title>
              {item.children.length === 0 ? (
                <Text c="dimmed">{t('articles.noBookings')}</Text>
              ) : (
                <List data-testid="admin-article-bookings">
                  {item.children.map((b) => (
                    <List.Item key={b.id}>
                      {b.name}
                      {b.detail ? <Text span c="dimmed" size="sm">{` · ${b.detail}`}</Text> : null}
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
          ) : null}
        </QueryState>
      </DetailDrawer>
    </>
  );
}
