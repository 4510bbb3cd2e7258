import type { ZoneType } from '@app/contracts/zones';
import { Badge, Button, Card, EmptyState, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client';
import { useCacheScope, useResourceList } from '../../../lib/resource/use-resource';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { ConfirmButton } from '../../../ui/ConfirmDialog';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState, SkeletonLines } from '../../../ui/QueryState';
import { zonesResource } from '../structure-resources';
import { useStructureT } from '../structure-i18n';
import { childTypesOf, companyZonesKey, useCompanyZones, useZoneChildren, type ZoneRow } from './zone-api';
import { LabelValue } from '../../../ui/LabelValue';

const COUNTRIES_QUERY = { filter_groups: [{ filters: [{ key: 'type', operator: 'eq' as const, value: 'country' }] }], sort: [{ key: 'name', direction: 'asc' as const }], limit: 200 };

const options = (zones: readonly ZoneRow[] | undefined) => (zones ?? []).map((z) => ({ value: String(z.id), label: z.name }));
const asId = (value: string | null) => (value ? Number(value) : null);

/**
 * `{action}/zones`: the zones the company works in (section 6: `locations.manage`).
 * A zone is picked from the reference zones, country first, then as deep as needed.
 */
export function CompanyZonesPage() {
  const t = useStructureT();
  const zones = useCompanyZones();
  const rows = zones.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t('zones.title')} description={t('zones.intro')} />
      <ZonePicker />
      <QueryState isPending={zones.isPending} error={zones.error} onRetry={() => zones.refetch()} skeleton={<SkeletonLines lines={4} height={40} />}>
        {rows.length === 0 ? (
          <EmptyState title={t('zones.empty')} data-testid="company-zone-empty" />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="company-zones">
            {rows.map((zone) => (
              <CompanyZoneCard key={zone.id} zone={zone} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}

/** Country, region, district, town: each list is the children of the choice above it. */
function ZonePicker() {
  const t = useStructureT();
  const client = useQueryClient();
  const scope = useCacheScope();
  const [country, setCountry] = useState<number | null>(null);
  const [region, setRegion] = useState<number | null>(null);
  const [district, setDistrict] = useState<number | null>(null);
  const [town, setTown] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const countries = useResourceList(zonesResource, COUNTRIES_QUERY);
  const regions = useZoneChildren('region', country);
  const districts = useZoneChildren('district', region);
  // Towns sit in a district, or straight in a region where there are no districts.
  const towns = useZoneChildren('town', district ?? region);
  const chosen = town ?? district ?? region ?? country;
  const add = async () => {
    if (chosen === null) return;
    setAdding(true);
    try {
      await api.post('companyzones', { zone_id: chosen });
      await client.invalidateQueries({ queryKey: companyZonesKey(scope) });
      showToast({ message: t('zones.added'), tone: 'success' });
    } catch (error) {
      showError(error);
    } finally {
      setAdding(false);
    }
  };
  return (
    <Card withBorder padding="md" data-testid="zone-picker">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Select
          label={t('zones.country')}
          searchable
          data={(countries.data?.data ?? []).map((z) => ({ value: String(z.id), label: z.name }))}
          value={country === null ? null : String(country)}
          onChange={(value) => {
            setCountry(asId(value));
            setRegion(null);
            setDistrict(null);
            setTown(null);
          }}
          data-testid="zone-country"
        />
        <Select
          label={t('zones.region')}
          searchable
          clearable
          disabled={country === null}
          data={options(regions.data)}
          value={region === null ? null : String(region)}
          onChange={(value) => {
            setRegion(asId(value));
            setDistrict(null);
            setTown(null);
          }}
          data-testid="zone-region"
        />
        <Select
          label={t('zones.district')}
          searchable
          clearable
          disabled={region === null || (districts.data?.length ?? 0) === 0}
          data={options(districts.data)}
          value={district === null ? null : String(district)}
          onChange={(value) => {
            setDistrict(asId(value));
            setTown(null);
          }}
          data-testid="zone-district"
        />
        <Select
          label={t('zones.town')}
          searchable
          clearable
          disabled={region === null}
          data={options(towns.data)}
          value={town === null ? null : String(town)}
          onChange={(value) => setTown(asId(value))}
          data-testid="zone-town"
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button onClick={add} disabled={chosen === null} loading={adding} data-testid="zone-add">
          {t('zones.add')}
        </Button>
      </Group>
    </Card>
  );
}

/** One of the company's zones: its kind and parent, what it contains, and removal. */
function CompanyZoneCard({ zone }: { zone: ZoneRow }) {
  const t = useStructureT();
  const client = useQueryClient();
  const scope = useCacheScope();
  const [open, setOpen] = useState(false);
  const remove = async () => {
    await api.delete(`companyzones/${zone.id}`);
    await client.invalidateQueries({ queryKey: companyZonesKey(scope) });
  };
  return (
    <Card withBorder padding="md" data-testid="company-zone" data-zone-name={zone.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={1}>
            {zone.name}
          </Text>
          <Text size="sm" c="dimmed">
            {zone.parent_name ?? '—'}
          </Text>
        </div>
        <Badge variant="light">{t(`zones.types.${zone.type}`)}</Badge>
      </Group>
      <Group gap="xs" mt="sm">
        {childTypesOf(zone.type).length > 0 ? (
          <Button variant="subtle" size="xs" onClick={() => setOpen((v) => !v)} data-testid="zone-children-toggle" aria-expanded={open}>
            {t('zones.showChildren')}
          </Button>
        ) : null}
        <ConfirmButton size="xs" confirm={{ message: t('zones.removeConfirm', { name: zone.name }), confirmLabel: t('zones.remove') }} onConfirm={remove}>
          {t('zones.remove')}
        </ConfirmButton>
      </Group>
      {open ? <ZoneChildren zone={zone} /> : null}
    </Card>
  );
}

/** `zones/{type}/parent/{parent}` for each kind the zone may contain. */
export function ZoneChildren({ zone, renderItem }: { zone: Pick<ZoneRow, 'id' | 'type' | 'name'>; renderItem?: (child: ZoneRow) => React.ReactNode }) {
  const t = useStructureT();
  return (
    <Stack gap="xs" mt="sm" data-testid="zone-children">
      <Title order={3} size="h6">
        {t('zones.children', { name: zone.name })}
      </Title>
      {childTypesOf(zone.type).map((type) => (
        <ChildrenOfType key={type} parent={zone.id} type={type} renderItem={renderItem} />
      ))}
    </Stack>
  );
}

function ChildrenOfType({ parent, type, renderItem }: { parent: number; type: ZoneType; renderItem?: (child: ZoneRow) => React.ReactNode }) {
  const t = useStructureT();
  const children = useZoneChildren(type, parent);
  return (
    <QueryState isPending={children.isPending} error={children.error} onRetry={() => children.refetch()} skeleton={<SkeletonLines lines={1} />}>
      {(children.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          <LabelValue label={t(`zones.types.${type}`)}>{t('zones.noChildren')}</LabelValue>
        </Text>
      ) : (
        <Group gap={6}>
          <Text size="sm" fw={500}>
            {t(`zones.types.${type}`)} :
          </Text>
          {(children.data ?? []).map((child) =>
            renderItem ? (
              <span key={child.id}>{renderItem(child)}</span>
            ) : (
              <Badge key={child.id} variant="outline" data-testid="zone-child">
                {child.name}
              </Badge>
            ),
          )}
        </Group>
      )}
    </QueryState>
  );
}
