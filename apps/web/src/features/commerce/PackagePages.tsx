import { Alert, Anchor, Badge, Card, Group, List, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useCacheScope } from '../../lib/resource/use-resource';
import { DetailPage } from '../../ui/detail/DetailPage';
import { formatMoney, formatNumber } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { commerceApi, type Package } from './commerce-api';
import { featureName, useCommerceT } from './commerce-i18n';
import { commercePaths } from './commerce-paths';
import { PayPanel } from './PayPanel';
import { useLabelValue } from '../../ui/LabelValue';

function usePackages() {
  const scope = useCacheScope();
  return useQuery({ queryKey: ['packages', scope], queryFn: commerceApi.packages });
}

function useUsage() {
  const scope = useCacheScope();
  return useQuery({ queryKey: ['features', scope, 'usage'], queryFn: commerceApi.usage, retry: false });
}

function PriceText({ pkg }: { pkg: Package }) {
  const { t } = useCommerceT();
  return <Text fw={700}>{pkg.price === 0 ? t('packages.free') : t('packages.price', { price: formatMoney(pkg.price, pkg.currency), period: t(`packages.${pkg.period}`) })}</Text>;
}

/** /{sid}/business/{action}/packages: the packages and the one in force. */
export function PackageListPage() {
  const { t } = useCommerceT();
  const { sessionID = '' } = useParams();
  const packages = usePackages();
  const usage = useUsage();
  return (
    <Stack>
      <PageHeader title={t('packages.title')} />
      {usage.data?.in_grace ? (
        <Alert color="orange" data-testid="renewal-unpaid">
          {t('packages.renewalUnpaid')}{' '}
          <Anchor component={Link} to={commercePaths.invoices(sessionID)}>
            {t('packages.seeInvoices')}
          </Anchor>
        </Alert>
      ) : null}
      <QueryState isPending={packages.isPending} error={packages.error}>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {(packages.data ?? []).map((pkg) => (
            <Card key={pkg.id} withBorder padding="lg" data-testid={`package-${pkg.slug}`}>
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={2} size="h4">
                    {pkg.name}
                  </Title>
                  {usage.data?.package.id === pkg.id ? <Badge color="teal">{t('packages.current')}</Badge> : null}
                </Group>
                <PriceText pkg={pkg} />
                <Text size="sm" c="dimmed">
                  {pkg.description}
                </Text>
                <List size="sm">
                  {pkg.features.map((f) => (
                    <List.Item key={f.slug}>
                      {t('packages.featureLimit', { name: featureName(t, f), limit: f.limit === null ? t('packages.unlimited') : formatNumber(f.limit) })}
                    </List.Item>
                  ))}
                </List>
                <Anchor component={Link} to={commercePaths.package(sessionID, pkg.id)}>
                  {pkg.price > 0 ? t('packages.subscribe') : t('packages.features')}
                </Anchor>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </QueryState>
      {usage.error ? null : (
        <>
          <Title order={2} size="h4">
            {t('features.title')}
          </Title>
          <UsageGrid usage={usage} />
        </>
      )}
    </Stack>
  );
}

/** /{sid}/business/{action}/packages/{package}: its features and the payment that subscribes. */
export function PackageDetailPage() {
  const { t } = useCommerceT();
  const { sessionID = '', package: id = '' } = useParams();
  const scope = useCacheScope();
  const query = useQuery({ queryKey: ['packages', scope, id], queryFn: () => commerceApi.package(id) });
  const pkg = query.data;
  return (
    <DetailPage title={pkg?.name ?? t('packages.title')} query={query} breadcrumbs={[{ label: t('packages.title'), to: commercePaths.packages(sessionID) }, { label: pkg?.name ?? '' }]}>
      {pkg ? (
        <Stack>
          <PriceText pkg={pkg} />
          <List>
            {pkg.features.map((f) => (
              <List.Item key={f.slug}>
                {t('packages.featureLimit', { name: featureName(t, f), limit: f.limit === null ? t('packages.unlimited') : formatNumber(f.limit) })}
              </List.Item>
            ))}
          </List>
          {pkg.price > 0 ? <PayPanel kind="package" targetId={pkg.id} amount={pkg.price} currency={pkg.currency} /> : null}
        </Stack>
      ) : null}
    </DetailPage>
  );
}

/** The company's use of each feature against the limit of its package. */
function UsageGrid({ usage }: { usage: ReturnType<typeof useUsage> }) {
  const { t } = useCommerceT();
  const labelValue = useLabelValue();
  return (
    <QueryState isPending={usage.isPending} error={usage.error}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(usage.data?.usage ?? []).map((u) => (
          <Card key={u.slug} withBorder data-testid={`usage-${u.slug}`}>
            <Text fw={600}>{featureName(t, u)}</Text>
            <Text size="sm">{u.limit === null ? t('features.usedUnlimited', { used: formatNumber(u.used) }) : t('features.used', { used: formatNumber(u.used), limit: formatNumber(u.limit) })}</Text>
            {u.pending_invitations ? (
              <Text size="xs" c="dimmed">
                {t('features.pendingSeats', { count: u.pending_invitations })}
              </Text>
            ) : null}
            {u.limit ? (
              <Progress
                value={Math.min(100, (u.used / u.limit) * 100)}
                color={u.used >= u.limit ? 'red' : 'teal'}
                mt="xs"
                aria-label={labelValue(featureName(t, u), t('features.used', { used: formatNumber(u.used), limit: formatNumber(u.limit) }))}
              />
            ) : null}
          </Card>
        ))}
      </SimpleGrid>
    </QueryState>
  );
}
