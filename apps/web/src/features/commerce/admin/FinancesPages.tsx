import { featureUpdateBody } from '@app/contracts/commerce-admin';
import { Anchor, Badge, Button, Card, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { formatMoney } from '../../../ui/format';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { commerceApi, type Feature, type Package } from '../commerce-api';
import { useCommerceT } from '../commerce-i18n';
import { commercePaths } from '../commerce-paths';
import { useLabelValue } from '../../../ui/LabelValue';

export function useCatalogue() {
  const scope = useCacheScope();
  const features = useQuery({ queryKey: ['catalogue', scope, 'features'], queryFn: commerceApi.features });
  const packages = useQuery({ queryKey: ['catalogue', scope, 'packages'], queryFn: commerceApi.packages });
  return { features, packages };
}

/** A limit as the tables show it. */
export function limitText(limit: number | null | undefined, unlimited: string) {
  return limit === null ? unlimited : String(limit ?? 0);
}

/** /{sid}/mnt/finances/{action}: one widget per feature (its limit in each package) and the four sections. */
export function FinancesOverviewPage() {
  const { t } = useCommerceT();
  const { sessionID = '' } = useParams();
  const { features, packages } = useCatalogue();
  const sections = [
    { label: t('finances.features'), to: commercePaths.mntFeatures(sessionID) },
    { label: t('finances.packages'), to: commercePaths.mntPackages(sessionID) },
    { label: t('finances.invoices'), to: commercePaths.mntInvoices(sessionID) },
    { label: t('finances.transactions'), to: commercePaths.mntTransactions(sessionID) },
  ];
  return (
    <Stack>
      <PageHeader title={t('finances.title')} description={t('finances.description')} />
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {sections.map((s) => (
          <Button key={s.to} component={Link} to={s.to} variant="light">
            {s.label}
          </Button>
        ))}
      </SimpleGrid>
      <Title order={2} size="h4">
        {t('finances.limitsTitle')}
      </Title>
      <QueryState isPending={features.isPending || packages.isPending} error={features.error ?? packages.error}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {(features.data ?? []).map((feature) => (
            <Card key={feature.id} withBorder data-testid={`feature-widget-${feature.slug}`}>
              <Anchor component={Link} to={commercePaths.mntFeature(sessionID, feature.id)} fw={600}>
                {feature.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t(`finances.metrics.${feature.metric}`)}
              </Text>
              <Table mt="xs">
                <Table.Tbody>
                  {(packages.data ?? []).map((pkg) => {
                    const entry = pkg.features.find((f) => f.feature_id === feature.id);
                    return (
                      <Table.Tr key={pkg.id}>
                        <Table.Td>{pkg.name}</Table.Td>
                        <Table.Td ta="right">{entry ? limitText(entry.limit, t('finances.unlimited')) : '0'}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Card>
          ))}
        </SimpleGrid>
      </QueryState>
    </Stack>
  );
}

/** /{sid}/mnt/finances/{action}/features */
export function AdminFeaturesPage() {
  const { t } = useCommerceT();
  const { sessionID = '' } = useParams();
  const { features } = useCatalogue();
  return (
    <Stack>
      <PageHeader title={t('finances.features')} breadcrumbs={[{ label: t('finances.title'), to: commercePaths.finances(sessionID) }, { label: t('finances.features') }]} />
      <QueryState isPending={features.isPending} error={features.error}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('finances.name')}</Table.Th>
              <Table.Th>{t('finances.slug')}</Table.Th>
              <Table.Th>{t('finances.metric')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(features.data ?? []).map((f) => (
              <Table.Tr key={f.id} data-testid={`feature-row-${f.slug}`}>
                <Table.Td>
                  <Anchor component={Link} to={commercePaths.mntFeature(sessionID, f.id)}>
                    {f.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{f.slug}</Table.Td>
                <Table.Td>{t(`finances.metrics.${f.metric}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </QueryState>
    </Stack>
  );
}

function FeatureForm({ feature }: { feature: Feature }) {
  const { t } = useCommerceT();
  const queryClient = useQueryClient();
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: featureUpdateBody,
    initialValues: { name: feature.name, description: feature.description ?? '' },
    submit: (values) => commerceApi.updateFeature(feature.id, values),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['catalogue'] }),
    successMessage: t('finances.saved'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} submitLabel={t('finances.save')} data-testid="feature-form">
      <TextInput label={t('finances.name')} required {...form.getInputProps('name')} />
      <Textarea label={t('finances.description_')} autosize minRows={2} {...form.getInputProps('description')} />
    </ResourceForm>
  );
}

/** /{sid}/mnt/finances/{action}/features/{feature}: its name and description, and its limit in each package. */
export function AdminFeaturePage() {
  const { t } = useCommerceT();
  const { sessionID = '', feature: id = '' } = useParams();
  const scope = useCacheScope();
  const query = useQuery({ queryKey: ['catalogue', scope, 'features', id], queryFn: () => commerceApi.feature(id) });
  const { packages } = useCatalogue();
  const feature = query.data;
  return (
    <DetailPage
      title={feature?.name ?? t('finances.features')}
      query={query}
      breadcrumbs={[{ label: t('finances.features'), to: commercePaths.mntFeatures(sessionID) }, { label: feature?.name ?? '' }]}
    >
      {feature ? (
        <Stack>
          <FeatureForm key={feature.id} feature={feature} />
          <Title order={2} size="h4">
            {t('finances.limitsTitle')}
          </Title>
          <PackageLimits packages={packages.data ?? []} featureId={feature.id} sid={sessionID} />
        </Stack>
      ) : null}
    </DetailPage>
  );
}

function PackageLimits({ packages, featureId, sid }: { packages: Package[]; featureId: number; sid: string }) {
  const { t } = useCommerceT();
  return (
    <Table>
      <Table.Tbody>
        {packages.map((pkg) => {
          const entry = pkg.features.find((f) => f.feature_id === featureId);
          return (
            <Table.Tr key={pkg.id}>
              <Table.Td>
                <Anchor component={Link} to={commercePaths.mntPackage(sid, pkg.id)}>
                  {pkg.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{entry ? limitText(entry.limit, t('finances.unlimited')) : '0'}</Table.Td>
              <Table.Td>{entry?.overage_price != null ? formatMoney(entry.overage_price, pkg.currency) : '—'}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** /{sid}/mnt/finances/{action}/packages: every package, inactive ones included. */
export function AdminPackagesPage() {
  const { t } = useCommerceT();
  const labelValue = useLabelValue();
  const { sessionID = '' } = useParams();
  const { packages } = useCatalogue();
  return (
    <Stack>
      <PageHeader
        title={t('finances.packages')}
        breadcrumbs={[{ label: t('finances.title'), to: commercePaths.finances(sessionID) }, { label: t('finances.packages') }]}
        actions={
          <Button component={Link} to={commercePaths.mntPackage(sessionID, 'new')} data-testid="package-create">
            {t('finances.newPackage')}
          </Button>
        }
      />
      <QueryState isPending={packages.isPending} error={packages.error}>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {(packages.data ?? []).map((pkg) => (
            <Card key={pkg.id} withBorder data-testid={`admin-package-${pkg.slug}`}>
              <Anchor component={Link} to={commercePaths.mntPackage(sessionID, pkg.id)} fw={700}>
                {pkg.name}
              </Anchor>
              <Text size="sm">
                {formatMoney(pkg.price, pkg.currency)} / {t(`packages.${pkg.period}`)}
              </Text>
              {pkg.is_default ? <Badge color="teal">{t('finances.default')}</Badge> : null}
              {pkg.active ? null : <Badge color="gray">{t('finances.inactive')}</Badge>}
              <Text size="xs" c="dimmed" mt="xs">
                {pkg.features.map((f) => labelValue(f.name, limitText(f.limit, t('finances.unlimited')))).join(' · ')}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </QueryState>
    </Stack>
  );
}
