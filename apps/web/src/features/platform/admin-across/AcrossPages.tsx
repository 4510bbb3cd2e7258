import type { AcrossDetail, AcrossKind, AcrossRow } from '@app/contracts/admin-platform';
import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useCurrentSession } from '../../../lib/session/use-session';
import { DetailDrawer, DetailPage } from '../../../ui/detail/DetailPage';
import { QueryState } from '../../../ui/QueryState';
import { StatusBadge } from '../../../ui/StatusBadge';
import { formatDate, formatNumber } from '../../../ui/format';
import type { ListColumn } from '../../../ui/list/list.types';
import { AdminList } from '../admin-users/AdminList';
import { useAdminPlatformT } from '../admin-users/admin-platform-i18n';
import { CompanyCategoryFilter } from '../admin-users/CompanyCategoryFilter';
import { useCompanyPicker } from '../admin-users/use-company-options';
import { acrossApi } from './across.api';

/** The objects with a page of their own in section 2 (mnt); the others open beside the list. */
const PAGE_OF: Partial<Record<AcrossKind, (sid: string, id: number) => string>> = {
  sites: (sid, id) => `/${sid}/mnt/sites/view/${id}`,
  workspaces: (sid, id) => `/${sid}/mnt/workspaces/view/${id}`,
  audiences: (sid, id) => `/${sid}/mnt/conversations/view/audiences/${id}`,
};
const LIST_OF: Record<AcrossKind, (sid: string) => string> = {
  sites: (sid) => `/${sid}/mnt/sites/view`,
  workspaces: (sid) => `/${sid}/mnt/workspaces/view`,
  groups: (sid) => `/${sid}/mnt/groups/view`,
  reports: (sid) => `/${sid}/mnt/reports/view`,
  audiences: (sid) => `/${sid}/mnt/conversations/view/audiences`,
  contacts: (sid) => `/${sid}/mnt/contacts`,
  surveys: (sid) => `/${sid}/mnt/surveys/view`,
  articles: (sid) => `/${sid}/mnt/articles/list`,
};
const HAS_FIGURE: readonly AcrossKind[] = ['sites', 'groups', 'reports', 'audiences'];
const HAS_STATUS: readonly AcrossKind[] = ['sites', 'workspaces'];

function AcrossFacts({ item }: { item: AcrossDetail }) {
  const { t } = useAdminPlatformT();
  return (
    <Table variant="vertical" withTableBorder data-testid="across-facts">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={220}>{t('common.company')}</Table.Th>
          <Table.Td>{item.company_name}</Table.Td>
        </Table.Tr>
        {item.facts.map((fact) => (
          <Table.Tr key={fact.key}>
            <Table.Th>{t(`across.fact.${fact.key}`)}</Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{fact.value}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th>{t('common.created')}</Table.Th>
          <Table.Td>{formatDate(item.created_at)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function AcrossChildren({ kind, item }: { kind: AcrossKind; item: AcrossDetail }) {
  const { t } = useAdminPlatformT();
  const { sid } = useCurrentSession();
  if (item.children.length === 0) return null;
  const label = kind === 'groups' ? t('across.fact.members') : t(`across.children.${kind}`, { defaultValue: '' });
  const childPage = kind === 'sites' ? PAGE_OF.workspaces : kind === 'audiences' ? PAGE_OF.audiences : undefined;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {label}
      </Title>
      <List data-testid="across-children">
        {item.children.map((child) => (
          <List.Item key={child.id}>
            {childPage ? (
              <Anchor component={Link} to={childPage(sid, child.id)} underline="always">
                {child.name}
              </Anchor>
            ) : (
              child.name
            )}
            {child.detail ? <Text span c="dimmed" size="sm">{` · ${child.detail}`}</Text> : null}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** A list of every company's objects of one kind (mnt), each row opening the object. */
export function AcrossListPage({ kind }: { kind: AcrossKind }) {
  const { t } = useAdminPlatformT();
  const { sid } = useCurrentSession();
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const picker = useCompanyPicker();
  const fetch = useMemo(() => acrossApi.list(kind), [kind]);
  const openId = Number(search.get('open'));
  const opened = useQuery({ queryKey: [`admin/${kind}`, sid, 'detail', openId], queryFn: () => acrossApi.get(kind, openId), enabled: !PAGE_OF[kind] && openId > 0 });
  const columns: ListColumn<AcrossRow>[] = [
    { id: 'name', header: t('across.name'), cell: (r) => r.name, primary: true },
    { id: 'company', header: t('common.company'), cell: (r) => r.company_name },
    { id: 'detail', header: t(`across.detail.${kind}`), cell: (r) => r.detail ?? '—' },
    ...(HAS_FIGURE.includes(kind) ? [{ id: 'figure', header: t(`across.figure.${kind}`), cell: (r: AcrossRow) => (r.figure == null ? '—' : formatNumber(r.figure)), align: 'right' as const }] : []),
    ...(HAS_STATUS.includes(kind) ? [{ id: 'status', header: t('common.status'), cell: (r: AcrossRow) => <StatusBadge status={r.status} /> }] : []),
    { id: 'created', header: t('common.created'), cell: (r) => formatDate(r.created_at), hideOnCard: true },
  ];
  const close = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('open');
        return next;
      },
      { replace: true },
    );
  const openHref = (row: AcrossRow) => {
    const next = new URLSearchParams(search);
    next.set('open', String(row.id));
    return `${pathname}?${next.toString()}`;
  };
  return (
    <>
      <AdminList<AcrossRow>
        title={t(`across.titles.${kind}`)}
        queryKey={`admin/${kind}`}
        fetch={fetch}
        columns={columns}
        searchPlaceholder={t('across.searchPlaceholder')}
        filters={[{ key: 'company_id', label: t('common.company'), options: picker.options, searchable: true, before: <CompanyCategoryFilter value={picker.categoryId} onChange={picker.setCategoryId} testId={`admin-${kind}`} /> }]}
        rowHref={(row) => PAGE_OF[kind]?.(sid, row.id) ?? openHref(row)}
        rowLabel={(row) => row.name}
        testId={`admin-${kind}`}
      />
      {PAGE_OF[kind] ? null : (
        <DetailDrawer opened={openId > 0} onClose={close} title={opened.data?.name ?? t(`across.titles.${kind}`)}>
          <QueryState isPending={opened.isPending} error={opened.error} notFound={t('across.notFound')}>
            {opened.data ? (
              <Stack gap="md">
                <AcrossFacts item={opened.data} />
                <AcrossChildren kind={kind} item={opened.data} />
              </Stack>
            ) : null}
          </QueryState>
        </DetailDrawer>
      )}
    </>
  );
}

/** mnt/sites/{action}/{site}, workspaces/{action}/{workspace}, conversations/{action}/audiences/{audience}. */
export function AcrossDetailPage({ kind }: { kind: AcrossKind }) {
  const { t } = useAdminPlatformT();
  const { sid } = useCurrentSession();
  const params = useParams();
  const id = Number(params.site ?? params.workspace ?? params.audience);
  const item = useQuery({ queryKey: [`admin/${kind}`, sid, 'detail', id], queryFn: () => acrossApi.get(kind, id), enabled: id > 0 });
  return (
    <DetailPage
      title={item.data?.name ?? t(`across.titles.${kind}`)}
      description={item.data ? `${item.data.company_name}${item.data.detail ? ` · ${item.data.detail}` : ''}` : undefined}
      breadcrumbs={[{ label: t(`across.titles.${kind}`), to: LIST_OF[kind](sid) }, { label: item.data?.name ?? '' }]}
      query={item}
      notFound={t('across.notFound')}
    >
      {item.data ? (
        <Stack gap="lg" data-testid="across-detail">
          <AcrossFacts item={item.data} />
          <AcrossChildren kind={kind} item={item.data} />
        </Stack>
      ) : null}
    </DetailPage>
  );
}

export const SitesAcrossPage = () => <AcrossListPage kind="sites" />;
export const WorkspacesAcrossPage = () => <AcrossListPage kind="workspaces" />;
export const GroupsAcrossPage = () => <AcrossListPage kind="groups" />;
export const ReportsAcrossPage = () => <AcrossListPage kind="reports" />;
export const AudiencesAcrossPage = () => <AcrossListPage kind="audiences" />;
export const ContactsAcrossPage = () => <AcrossListPage kind="contacts" />;
export const SiteAcrossPage = () => <AcrossDetailPage kind="sites" />;
export const WorkspaceAcrossPage = () => <AcrossDetailPage kind="workspaces" />;
export const AudienceAcrossPage = () => <AcrossDetailPage kind="audiences" />;
