import { packageCreateBody, packageUpdateBody } from '@app/contracts/commerce-admin';
import { Checkbox, Group, NumberInput, Select, Stack, Switch, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { commerceApi, type Feature, type Package } from '../commerce-api';
import { useCommerceT } from '../commerce-i18n';
import { commercePaths } from '../commerce-paths';
import { useCatalogue } from './FinancesPages';

interface BundleRow {
  feature_id: number;
  limit: number | null;
  overage_price: number | null;
}

interface PackageValues {
  slug?: string;
  name: string;
  description: string;
  price: number;
  period: 'month' | 'year';
  active: boolean;
  features: BundleRow[];
}

/** One row per feature of the catalogue: a feature left at 0 is simply not granted. */
function valuesOf(pkg: Package | null, catalogue: Feature[]): PackageValues {
  const rows = catalogue.map((f) => {
    const entry = pkg?.features.find((e) => e.feature_id === f.id);
    return { feature_id: f.id, limit: entry ? entry.limit : 0, overage_price: entry?.overage_price ?? null };
  });
  return {
    ...(pkg ? {} : { slug: '' }),
    name: pkg?.name ?? '',
    description: pkg?.description ?? '',
    price: pkg?.price ?? 0,
    period: pkg?.period ?? 'month',
    active: pkg?.active ?? true,
    features: rows,
  };
}

function PackageForm({ pkg, catalogue }: { pkg: Package | null; catalogue: Feature[] }) {
  const { t } = useCommerceT();
  const { sessionID = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, submitting, formError, onSubmit } = useZodForm<PackageValues, Package>({
    schema: pkg ? packageUpdateBody : packageCreateBody,
    initialValues: valuesOf(pkg, catalogue),
    submit: (values) => (pkg ? commerceApi.updatePackage(pkg.id, values) : commerceApi.createPackage(values)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
      void queryClient.invalidateQueries({ queryKey: ['packages'] });
      if (!pkg) navigate(commercePaths.mntPackage(sessionID, saved.id));
    },
    successMessage: pkg ? t('finances.saved') : t('finances.created'),
  });
  const amount = (path: string) => ({
    ...form.getInputProps(path),
    // An emptied field is "no value" (null), not the empty string.
    onChange: (value: number | string) => form.setFieldValue(path as never, (value === '' ? null : Number(value)) as never),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} submitLabel={t('finances.save')} data-testid="package-form">
      {pkg ? null : <TextInput label={t('finances.slug')} required {...form.getInputProps('slug')} />}
      <TextInput label={t('finances.name')} required {...form.getInputProps('name')} />
      <Textarea label={t('finances.description_')} autosize minRows={2} {...form.getInputProps('description')} />
      <Group grow align="flex-start">
        <NumberInput label={t('finances.price')} min={0} allowDecimal={false} thousandSeparator=" " {...amount('price')} />
        <Select
          label={t('finances.period')}
          data={[
            { value: 'month', label: t('packages.month') },
            { value: 'year', label: t('packages.year') },
          ]}
          allowDeselect={false}
          {...form.getInputProps('period')}
        />
      </Group>
      <Switch label={t('finances.active')} disabled={pkg?.is_default} {...form.getInputProps('active', { type: 'checkbox' })} />
      <Title order={2} size="h5">
        {t('finances.bundle')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('finances.overageHelp')}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('finances.feature')}</Table.Th>
              <Table.Th>{t('finances.limit')}</Table.Th>
              <Table.Th>{t('finances.overage')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.getValues().features.map((row, index) => {
              const feature = catalogue.find((f) => f.id === row.feature_id);
              const unlimited = row.limit === null;
              return (
                <Table.Tr key={row.feature_id} data-testid={`bundle-${feature?.slug}`}>
                  <Table.Td>{feature?.name}</Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <NumberInput aria-label={`${t('finances.limit')} ${feature?.name ?? ''}`} min={0} allowDecimal={false} disabled={unlimited} {...amount(`features.${index}.limit`)} value={row.limit ?? ''} />
                      <Checkbox
                        label={t('finances.unlimited')}
                        checked={unlimited}
                        onChange={(event) => form.setFieldValue(`features.${index}.limit` as never, (event.currentTarget.checked ? null : 0) as never)}
                      />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <NumberInput aria-label={`${t('finances.overage')} ${feature?.name ?? ''}`} min={0} allowDecimal={false} disabled={unlimited} {...amount(`features.${index}.overage_price`)} value={row.overage_price ?? ''} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ResourceForm>
  );
}

/** /{sid}/mnt/finances/{action}/packages/{package} (`new`: creation): price, period, state, limits and overage prices. */
export function AdminPackagePage() {
  const { t } = useCommerceT();
  const { sessionID = '', package: id = '' } = useParams();
  const creating = id === 'new';
  const scope = useCacheScope();
  const query = useQuery({ queryKey: ['catalogue', scope, 'packages', id], queryFn: () => commerceApi.package(id), enabled: !creating });
  const { features } = useCatalogue();
  const pkg = creating ? null : (query.data ?? null);
  const title = creating ? t('finances.newPackage') : (pkg?.name ?? t('finances.packages'));
  const pending = features.isPending || (!creating && query.isPending);
  return (
    <DetailPage
      title={title}
      query={{ isPending: pending, error: (creating ? null : query.error) ?? features.error, refetch: query.refetch }}
      breadcrumbs={[{ label: t('finances.packages'), to: commercePaths.mntPackages(sessionID) }, { label: title }]}
    >
      {!pending && features.data && (creating || pkg) ? <PackageForm key={pkg?.id ?? 'new'} pkg={pkg} catalogue={features.data} /> : null}
    </DetailPage>
  );
}
