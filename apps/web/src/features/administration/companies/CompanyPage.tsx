import { ADMIN_COMPANY_CHILDREN, type AdminCompanyDetail, SURVEY_TARGET_KINDS, type SurveyTargetKind } from '@app/contracts';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatDate, formatDateTime } from '../../../ui/format';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { CompanyDefaultsCard } from '../../platform/admin-catalogue/CompanyDefaultsCard';
import { adminApi } from '../admin-api';
import { useAdminT } from '../admin-i18n';
import { adminPaths } from '../admin-paths';
import { Pager } from '../../../ui/list/Pager';
import { useFilterParams } from '../use-filter-params';
import { CompanyStatusBadge } from './CompaniesPage';
import { EditProfileAction, FeatureGrantAction, FeatureWithdrawAction, PackageAction, StatusAction, TransferAction } from './CompanyActions';
import { LabelValue } from '../../../ui/LabelValue';

const LISTS = ADMIN_COMPANY_CHILDREN as readonly string[];
const TABS = ['overview', 'agents', 'partners', 'customers', 'sites', 'workspaces', 'surveys', 'templates', 'invoices', 'transactions', 'features', 'packages', 'questions'] as const;
/** Lists that can be narrowed to one site (`sites/{site}/{list}`). */
const SITE_LISTS = ['agents', 'partners', 'surveys', 'workspaces'] as const;

/**
 * `/{sid}/mnt/companies/{action}/{company}[/…]`: the company's page with its tabs; each
 * child address of section 2 (`{type}`, `sites/{site}/{list}`, `{type}/questions`, a row)
 * shows the matching tab's content.
 */
export function CompanyPage() {
  const t = useAdminT();
  const { sid } = useCurrentSession();
  const scope = useCacheScope();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.company);
  const child = params.child ?? (params.type ? 'questions' : 'overview');
  const company = useQuery({ queryKey: ['admin', scope, 'company', id], queryFn: () => adminApi.company(id), enabled: Number.isInteger(id) && id > 0 });
  const tab = (TABS as readonly string[]).includes(child) ? child : 'overview';
  const c = company.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={c?.name ?? '…'}
        documentTitle={c?.name}
        breadcrumbs={[{ label: t('companies.title'), to: adminPaths.companies(sid) }, { label: c?.name ?? '…' }]}
        actions={c ? <StatusAction company={c} /> : null}
      />
      <QueryState isPending={company.isPending} error={company.error} onRetry={() => void company.refetch()}>
        {c ? (
          <Stack gap="md">
            {c.status === 'suspended' ? (
              <Alert color="red" data-testid="company-suspended">
                {t('company.suspendedNotice')}
              </Alert>
            ) : null}
            <Tabs value={tab} onChange={(value) => value && navigate(value === 'overview' ? adminPaths.company(sid, id) : adminPaths.companyChild(sid, id, value))}>
              <Tabs.List style={{ flexWrap: 'wrap' }}>
                {TABS.map((name) => (
                  <Tabs.Tab key={name} value={name} data-testid={`company-tab-${name}`}>
                    {t(`company.tabs.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
            <CompanyTabContent company={c} child={child} />
          </Stack>
        ) : null}
      </QueryState>
    </Stack>
  );
}

function CompanyTabContent({ company, child }: { company: AdminCompanyDetail; child: string }) {
  const t = useAdminT();
  const params = useParams();
  if (child === 'overview') return <Overview company={company} />;
  if (child === 'features')
    return (
      <Stack>
        <Features company={company} />
        <FeatureGrantAction company={company} />
      </Stack>
    );
  if (child === 'packages')
    return (
      <Stack>
        <Card withBorder padding="sm">
          <Text fw={600}>
            <LabelValue label={t('companies.package')}>{company.package ?? '—'}</LabelValue>
          </Text>
        </Card>
        <PackageAction company={company} />
        <Features company={company} />
      </Stack>
    );
  if (!LISTS.includes(child)) return <Text c="dimmed">{t('company.empty')}</Text>;
  const site = params.site ? Number(params.site) : undefined;
  if (params.row) return <ChildRow companyId={company.id} child={child} type={params.type} row={Number(params.row)} />;
  // One list per tab (and site, and kind): a list never shows another tab's rows while its own load.
  return <ChildList key={`${child}/${site ?? ''}/${params.type ?? ''}`} companyId={company.id} child={child} site={site} type={params.type} />;
}

function Overview({ company: c }: { company: AdminCompanyDetail }) {
  const t = useAdminT();
  const { sid } = useCurrentSession();
  const counts = [
    ['agents', c.agents],
    ['sites', c.sites],
    ['workspaces', c.workspaces],
    ['surveys', c.surveys],
    ['templates', c.templates],
    ['invoices', c.invoices],
    ['transactions', c.transactions],
  ] as const;
  return (
    <Stack gap="md" data-testid="company-overview">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {counts.map(([key, value]) => (
          <Card key={key} withBorder padding="sm">
            <Anchor component={Link} to={adminPaths.companyChild(sid, c.id, key)} c="inherit" underline="hover">
              <Text size="sm" c="dimmed">
                {t(`company.tabs.${key}`)}
              </Text>
              <Text fz={24} fw={700}>
                {value}
              </Text>
            </Anchor>
          </Card>
        ))}
        <Card withBorder padding="sm">
          <Text size="sm" c="dimmed">
            {t('companies.participations')}
          </Text>
          <Text fz={24} fw={700}>
            {c.participations}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="sm">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5">
            {t('company.profile')}
          </Title>
          <EditProfileAction key={`${c.name}|${c.email}|${c.phone}|${c.address}`} company={c} />
        </Group>
        <Table>
          <Table.Tbody>
            {[
              [t('companies.code'), c.code],
              [t('companies.status'), <CompanyStatusBadge key="s" status={c.status} />],
              [t('companies.sector'), c.sector ?? '—'],
              [t('companies.town'), c.town ?? '—'],
              [t('companies.package'), c.package ?? '—'],
              [t('company.email'), c.email ?? '—'],
              [t('company.phone'), c.phone ?? '—'],
              [t('company.address'), c.address ?? '—'],
              [t('company.owner'), c.owner ? <Anchor key="o" component={Link} to={adminPaths.companyChildRow(sid, c.id, 'agents', c.owner.agent_id)}>{`${c.owner.name} · ${c.owner.email ?? ''}`}</Anchor> : t('company.noOwner')],
              [t('companies.created'), formatDate(c.created_at)],
            ].map(([label, value]) => (
              <Table.Tr key={String(label)}>
                <Table.Th w={180}>{label}</Table.Th>
                <Table.Td data-testid={`company-field-${String(label)}`}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PackageAction company={c} />
        <TransferAction company={c} />
      </SimpleGrid>
      <Anchor component={Link} to={`${adminPaths.audit(sid)}?company_id=${c.id}`} data-testid="company-audit-link">
        {t('company.audit')}
      </Anchor>
    </Stack>
  );
}

function Features({ company }: { company: AdminCompanyDetail }) {
  const t = useAdminT();
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h5" mb="xs">
        {t('company.features')} ({company.package ?? '—'})
      </Title>
      <Table data-testid="company-features">
        <Table.Tbody>
          {company.features.map((f) => (
            <Table.Tr key={f.slug} data-feature={f.slug}>
              <Table.Td>{f.name}</Table.Td>
              <Table.Td ta="right">{f.granted ? (f.limit === null ? t('company.unlimited') : f.limit) : t('company.notGranted')}</Table.Td>
              <Table.Td ta="right" data-testid="feature-company-grant">
                {f.company_grant ? (
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Text size="sm">{t('company.grantedAlone', { limit: f.company_limit === null ? t('company.unlimited') : String(f.company_limit) })}</Text>
                    <FeatureWithdrawAction company={company} feature={f} />
                  </Group>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function ChildList({ companyId, child, site, type }: { companyId: number; child: string; site?: number; type?: string }) {
  const t = useAdminT();
  const { sid } = useCurrentSession();
  const scope = useCacheScope();
  const navigate = useNavigate();
  const { page, values, filter, set, goTo } = useFilterParams(['q'] as const);
  const [text, setText] = useState(values.q);
  const [debounced] = useDebouncedValue(text, 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new settled text searches.
  useEffect(() => {
    if (debounced.trim() !== values.q.trim()) set('q', debounced.trim() || null);
  }, [debounced]);
  const path = type ? `questions/${type}` : child;
  const query = useQuery({
    queryKey: ['admin', scope, 'company', companyId, path, site, filter, page],
    queryFn: ({ signal }) => adminApi.child(companyId, path, { ...filter, site_id: site, page, limit: 20 }, signal),
    placeholderData: keepPreviousData,
  });
  // A person (agent, partner, customer; a site's too) opens their full page under mnt/users.
  const personType = type ? undefined : PERSON_TYPES[child];
  const rowHref = (row: { id: number; user_id?: unknown }) =>
    type
      ? `${adminPaths.companyQuestions(sid, companyId, type)}/${row.id}`
      : personType && typeof row.user_id === 'number'
        ? adminPaths.user(sid, personType, row.user_id)
        : adminPaths.companyChildRow(sid, companyId, child, row.id);
  const rows = query.data?.data ?? [];
  return (
    <Stack gap="sm">
      {child === 'questions' ? (
        <Group gap="xs">
          {SURVEY_TARGET_KINDS.map((kind) => (
            <Anchor key={kind} component={Link} to={adminPaths.companyQuestions(sid, companyId, kind)} fw={kind === type ? 700 : 400}>
              {t(`company.targetKinds.${kind}`)}
            </Anchor>
          ))}
        </Group>
      ) : null}
      {child === 'questions' && type && (SURVEY_TARGET_KINDS as readonly string[]).includes(type) ? <CompanyDefaultsCard companyId={companyId} kind={type as SurveyTargetKind} /> : null}
      {site ? (
        <Anchor component={Link} to={adminPaths.companyChildRow(sid, companyId, 'sites', site)}>
          {t('company.tabs.sites')} #{site}
        </Anchor>
      ) : null}
      <TextInput type="search" label={t('audit.search')} value={text} onChange={(e) => setText(e.currentTarget.value)} maw={360} data-testid="child-search" />
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {rows.length === 0 ? (
          <Text c="dimmed" data-testid="child-empty" data-child={path}>
            {t('company.empty')}
          </Text>
        ) : (
          <Table striped highlightOnHover data-testid="child-table" data-child={path}>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="child-row" style={{ cursor: 'pointer' }} onClick={(e) => (e.target as Element).closest('a') || navigate(rowHref(row))}>
                  <Table.Td>
                    <Anchor component={Link} to={rowHref(row)} fw={600}>
                      {row.name || `#${row.id}`}
                    </Anchor>
                    {row.detail ? (
                      <Text size="xs" c="dimmed">
                        {row.detail}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{row.status}</Table.Td>
                  <Table.Td>{formatDate(row.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Pager page={page} meta={query.data?.meta} onPage={goTo} />
      </QueryState>
    </Stack>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  return String(value);
}

/**
 * The company's lists of people and the account type of their full page
 * (mnt/users/{action}/{type}/{user}): their rows open it, and the company's own
 * `{type}/{user}` addresses (section 2) lead there too.
 */
const PERSON_TYPES: Record<string, string | undefined> = { agents: 'agent', partners: 'agent', customers: 'customer' };

function ChildRow({ companyId, child, type, row }: { companyId: number; child: string; type?: string; row: number }) {
  const t = useAdminT();
  const { sid } = useCurrentSession();
  const scope = useCacheScope();
  const path = type ? `questions/${type}` : child;
  const query = useQuery({ queryKey: ['admin', scope, 'company', companyId, path, 'row', row], queryFn: () => adminApi.childRow(companyId, path, row) });
  const record = query.data;
  const personType = type ? undefined : PERSON_TYPES[child];
  if (personType && typeof record?.user_id === 'number') return <Navigate replace to={adminPaths.user(sid, personType, record.user_id)} />;
  return (
    <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
      {record ? (
        <Stack gap="sm" data-testid="child-detail">
          <Anchor component={Link} to={type ? adminPaths.companyQuestions(sid, companyId, type) : adminPaths.companyChild(sid, companyId, child)}>
            {t('company.backToList')}
          </Anchor>
          <Title order={2} size="h4">
            {show(record.name)}
          </Title>
          {child === 'sites' ? (
            <Group gap="xs" data-testid="site-lists">
              <Text size="sm">{t('company.siteLists')} :</Text>
              {SITE_LISTS.map((list) => (
                <Anchor key={list} component={Link} to={adminPaths.siteChild(sid, companyId, row, list)}>
                  {t(`company.tabs.${list}`)}
                </Anchor>
              ))}
            </Group>
          ) : null}
          <Card withBorder padding="sm">
            <Table>
              <Table.Tbody>
                {Object.entries(record)
                  .filter(([key]) => key !== 'name')
                  .map(([key, value]) => (
                    <Table.Tr key={key}>
                      <Table.Th w={200}>{key}</Table.Th>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{show(value)}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Stack>
      ) : null}
    </QueryState>
  );
}
