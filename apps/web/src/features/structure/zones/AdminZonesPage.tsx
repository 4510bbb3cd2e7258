import { createZoneBody, updateZoneBody, ZONE_TYPES, type ZoneType } from '@app/contracts/zones';
import { Anchor, Button, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { defineResource } from '../../../lib/resource/resource';
import { useCreateResource, useDeleteResource, useResource, useResourceList, useUpdateResource } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { ListPage } from '../../../ui/list/ListPage';
import { formatDate } from '../../../ui/format';
import { zonesResource } from '../structure-resources';
import { useStructureT } from '../structure-i18n';
import { structurePath } from '../structure-paths';
import { ZoneChildren } from './CompanyZonesPage';
import { childTypesOf, isZoneType, type ZoneRow } from './zone-api';
import { LabelValue } from '../../../ui/LabelValue';

/** A reference zone row with its parent (includes). */
type AdminZone = ZoneRow & { parent?: ZoneRow | null; created_at: string };
const adminZonesResource = defineResource<AdminZone>('zones');

/** Which kinds may hold a zone of each kind (as the API checks). */
const PARENT_TYPES: Record<ZoneType, ZoneType[]> = { country: [], region: ['country'], district: ['region'], town: ['district', 'region'] };

const zonesOfTypes = (types: ZoneType[]) => ({
  filter_groups: [{ filters: [{ key: 'type', operator: 'in' as const, value: types }] }],
  sort: [{ key: 'name', direction: 'asc' as const }],
  limit: 200,
});

/**
 * Admin area `zones/{action}/{type}` and `zones/{action}/{type}/parent/{parent}`: the
 * reference zones of one kind (under one parent), created and removed by platform admins.
 */
export function AdminZonesPage() {
  const t = useStructureT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const params = useParams();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteResource(zonesResource);
  const parentId = params.parent ? Number(params.parent) : null;
  const parent = useResource(zonesResource, parentId);
  if (!isZoneType(params.type)) return <Navigate to={structurePath.adminZones(sid, 'country')} replace />;
  const type = params.type;
  const filters: Array<{ key: string; operator: 'eq'; value: string | number }> = [{ key: 'type', operator: 'eq', value: type }];
  if (parentId !== null) filters.push({ key: 'parent_id', operator: 'eq', value: parentId });
  return (
    <>
      <ListPage<AdminZone>
        title={parent.data ? `${t('zones.adminTitle')} · ${t('zones.under', { name: parent.data.name })}` : t('zones.adminTitle')}
        resource={adminZonesResource}
        testId="admin-zone"
        query={{ filter_groups: [{ filters }], includes: ['parent'] }}
        defaultSort={{ key: 'name', direction: 'asc' }}
        rowHref={(z) => structurePath.adminZone(sid, z.type, z.id)}
        rowLabel={(z) => z.name}
        actions={
          <Button onClick={open} data-testid="admin-zone-new">
            {t('zones.adminNew')}
          </Button>
        }
        columns={[
          { id: 'name', header: t('common.name'), cell: (z) => z.name, sortKey: 'name', primary: true },
          { id: 'code', header: t('common.code'), cell: (z) => z.code, sortKey: 'code' },
          { id: 'parent', header: t('zones.parent'), cell: (z) => z.parent?.name ?? '—' },
          { id: 'created', header: t('common.createdAt'), cell: (z) => formatDate(z.created_at), hideOnCard: true },
        ]}
        rowActions={[
          ...childTypesOf(type).map((child) => ({
            label: `${t('zones.showChildren')} (${t(`zones.types.${child}`)})`,
            onClick: (z: AdminZone) => navigate(structurePath.adminZones(sid, child, z.id)),
          })),
          {
            label: t('common.delete'),
            color: 'red',
            onClick: (z: AdminZone) => remove.mutateAsync(z.id),
            confirm: (z: AdminZone) => ({ message: t('common.deleteConfirm', { name: z.name }), confirmLabel: t('common.delete') }),
          },
        ]}
      />
      <TypeSwitch type={type} />
      <Modal opened={opened} onClose={close} title={t('zones.adminNew')}>
        <ZoneCreateForm type={type} parentId={parentId} onDone={close} />
      </Modal>
    </>
  );
}

/** The four kinds, one click each (the list above follows the address). */
function TypeSwitch({ type }: { type: ZoneType }) {
  const t = useStructureT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  return (
    <SegmentedControl
      value={type}
      onChange={(value) => navigate(structurePath.adminZones(sid, value))}
      data={ZONE_TYPES.map((value) => ({ value, label: t(`zones.types.${value}`) }))}
      data-testid="admin-zone-types"
    />
  );
}

function ZoneCreateForm({ type, parentId, onDone }: { type: ZoneType; parentId: number | null; onDone: () => void }) {
  const t = useStructureT();
  const create = useCreateResource(zonesResource);
  const parentTypes = PARENT_TYPES[type];
  const parents = useResourceList(zonesResource, zonesOfTypes(parentTypes), { enabled: parentTypes.length > 0 });
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: createZoneBody,
    initialValues: { type, name: '', code: '', parent_id: parentId },
    submit: (values) => create.mutateAsync(values),
    onSuccess: onDone,
    successMessage: t('common.created'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="admin-zone-form">
      <Stack gap="sm">
        <Text size="sm">
          <LabelValue label={t('common.type')}><b>{t(`zones.types.${type}`)}</b></LabelValue>
        </Text>
        <TextInput label={t('common.name')} required data-testid="admin-zone-name" {...form.getInputProps('name')} />
        <TextInput label={t('common.code')} required data-testid="admin-zone-code" {...form.getInputProps('code')} />
        {parentTypes.length > 0 ? (
          <Select
            label={t('zones.parent')}
            required
            searchable
            data={(parents.data?.data ?? []).map((z) => ({ value: String(z.id), label: `${z.name} (${t(`zones.types.${z.type}`)})` }))}
            value={form.getValues().parent_id == null ? null : String(form.getValues().parent_id)}
            onChange={(value) => form.setFieldValue('parent_id', value ? Number(value) : null)}
            error={form.errors.parent_id}
            data-testid="admin-zone-parent"
          />
        ) : null}
      </Stack>
    </ResourceForm>
  );
}

/** `zones/{action}/{type}/{zone}`: one reference zone, its name and code, and what it contains. */
export function AdminZoneDetailPage() {
  const t = useStructureT();
  const { sid } = useCurrentSession();
  const params = useParams();
  const id = Number(params.zone);
  const zone = useResource(adminZonesResource, id, { includes: ['parent'] });
  const row = zone.data as AdminZone | undefined;
  const type = isZoneType(params.type) ? params.type : 'country';
  return (
    <DetailPage
      title={row?.name ?? '…'}
      breadcrumbs={[{ label: t(`zones.types.${type}`), to: structurePath.adminZones(sid, type) }, { label: row?.name ?? '…' }]}
      query={zone}
    >
      {row ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Text>
              <LabelValue label={t('common.type')}>{t(`zones.types.${row.type}`)}</LabelValue>
            </Text>
            <Text>
              <LabelValue label={t('zones.parent')}>
                {row.parent ? (
                  <Anchor component={Link} to={structurePath.adminZone(sid, row.parent.type, row.parent.id)}>
                    {row.parent.name}
                  </Anchor>
                ) : (
                  '—'
                )}
              </LabelValue>
            </Text>
          </SimpleGrid>
          <ZoneEditForm zone={row} />
          <ZoneChildren
            zone={row}
            renderItem={(child) => (
              <Anchor component={Link} to={structurePath.adminZone(sid, child.type, child.id)} size="sm" data-testid="zone-child">
                {child.name}
              </Anchor>
            )}
          />
        </Stack>
      ) : null}
    </DetailPage>
  );
}

function ZoneEditForm({ zone }: { zone: ZoneRow }) {
  const t = useStructureT();
  const update = useUpdateResource(zonesResource, zone.id);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: updateZoneBody,
    initialValues: { name: zone.name, code: zone.code },
    submit: (values) => update.mutateAsync(values),
    successMessage: t('common.created'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="admin-zone-edit">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('common.name')} required {...form.getInputProps('name')} />
        <TextInput label={t('common.code')} required {...form.getInputProps('code')} />
      </SimpleGrid>
    </ResourceForm>
  );
}
