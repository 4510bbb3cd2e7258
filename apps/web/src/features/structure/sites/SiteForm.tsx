import { createSiteSchema } from '@app/contracts/structure';
import { NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useCreateResource, useResourceList } from '../../../lib/resource/use-resource';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { SiteMap } from '../map/SiteMap';
import { type Site, sitesResource, zonesResource } from '../structure-resources';
import { useStructureT } from '../structure-i18n';

const TOWNS_QUERY = { filter_groups: [{ filters: [{ key: 'type', operator: 'eq' as const, value: 'town' }] }], sort: [{ key: 'name', direction: 'asc' as const }], limit: 200 };

/** A new site: name, town, address, the point picked on the map and its geofence. */
export function SiteForm({ onCreated }: { onCreated: (site: Site) => void }) {
  const t = useStructureT();
  const towns = useResourceList(zonesResource, TOWNS_QUERY);
  const create = useCreateResource(sitesResource);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: createSiteSchema,
    initialValues: { name: '', code: '', zone_id: null as number | null, address: '', latitude: null as number | null, longitude: null as number | null, geofence_radius_m: 100 as number | null },
    submit: (values) => create.mutateAsync({ ...values, code: values.code || undefined }),
    onSuccess: onCreated,
    successMessage: t('common.created'),
  });
  const { latitude, longitude, geofence_radius_m, name } = form.getValues();
  const places = latitude != null && longitude != null ? [{ id: 'new', name: name || '…', latitude, longitude, radius: geofence_radius_m }] : [];
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="site-form">
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-testid="site-name" {...form.getInputProps('name')} key={form.key('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('common.code')} {...form.getInputProps('code')} key={form.key('code')} />
          <Select
            label={t('sites.zone')}
            searchable
            clearable
            data-testid="site-zone"
            data={(towns.data?.data ?? []).map((z) => ({ value: String(z.id), label: z.name }))}
            {...form.getInputProps('zone_id')}
            key={form.key('zone_id')}
            value={form.getValues().zone_id == null ? null : String(form.getValues().zone_id)}
            onChange={(value) => form.setFieldValue('zone_id', value ? Number(value) : null)}
          />
        </SimpleGrid>
        <TextInput label={t('sites.address')} {...form.getInputProps('address')} key={form.key('address')} />
        <Text size="sm" c="dimmed">
          {t('sites.pickHint')}
        </Text>
        <SiteMap
          places={places}
          testId="site-picker"
          onPick={(point) => form.setValues({ latitude: point.latitude, longitude: point.longitude })}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label={t('sites.latitude')} decimalScale={6} data-testid="site-latitude" {...form.getInputProps('latitude')} key={form.key('latitude')} />
          <NumberInput label={t('sites.longitude')} decimalScale={6} data-testid="site-longitude" {...form.getInputProps('longitude')} key={form.key('longitude')} />
          <NumberInput label={t('sites.geofence')} min={10} step={10} data-testid="site-geofence" {...form.getInputProps('geofence_radius_m')} key={form.key('geofence_radius_m')} />
        </SimpleGrid>
      </Stack>
    </ResourceForm>
  );
}
