import { ADMIN_COMPANY_CHILDREN, type AdminCompanyDetail } from '@app/contracts/admin';
import { Alert, Card, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { adminApi } from '../admin-api';
import { useAdminT } from '../admin-i18n';
import { LabelValue } from '../../../ui/LabelValue';
import { adminPaths } from '../admin-paths';
import { CompanyChildList } from './CompanyChildList';
import { CompanyChildRow } from './CompanyChildRow';
import { CompanyFeaturesCard } from './CompanyFeaturesCard';
import { CompanyOverview } from './CompanyOverview';
import { FeatureGrantAction, PackageAction, StatusAction } from './CompanyActions';

const LISTS = ADMIN_COMPANY_CHILDREN as readonly string[];
const TABS = ['overview', 'agents', 'partners', 'customers', 'sites', 'workspaces', 'surveys', 'templates', 'invoices', 'transactions', 'features', 'packages', 'questions'] as const;

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
  if (child === 'overview') return <CompanyOverview company={company} />;
  if (child === 'features')
    return (
      <Stack>
        <CompanyFeaturesCard company={company} />
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
        <CompanyFeaturesCard company={company} />
      </Stack>
    );
  if (!LISTS.includes(child)) return <Text c="dimmed">{t('company.empty')}</Text>;
  const site = params.site ? Number(params.site) : undefined;
  if (params.row) return <CompanyChildRow companyId={company.id} child={child} type={params.type} row={Number(params.row)} />;
  // One list per tab (and site, and kind): a list never shows another tab's rows while its own load.
  return <CompanyChildList key={`${child}/${site ?? ''}/${params.type ?? ''}`} companyId={company.id} child={child} site={site} type={params.type} />;
}
