import { Button, Modal, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { canDo } from '@app/contracts/permissions';
import { useResourceList } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { ListPage } from '../../../ui/list/ListPage';
import { StatusBadge } from '../../../ui/StatusBadge';
import { SiteMap } from '../map/SiteMap';
import { type Site, sitesResource } from '../structure-resources';
import { PinnedLabel, usePinActions } from '../pins/PinControls';
import { useStructureT } from '../structure-i18n';
import { structurePath } from '../structure-paths';
import { SiteForm } from './SiteForm';

const MAP_QUERY = { limit: 200, filter_groups: [{ filters: [{ key: 'latitude', operator: 'eq' as const, value: null, not: true }] }] };

/** `{action}/sites`: the company's sites on a map and in a list; owners create them here. */
export function SitesPage() {
  const t = useStructureT();
  const { sid, account } = useCurrentSession();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const onMap = useResourceList(sitesResource, MAP_QUERY);
  const pinActions = usePinActions<Site>('sites', sitesResource);
  const canCreate = account ? canDo(account.permissions, 'sites', 'create') : false;
  const places = (onMap.data?.data ?? [])
    .filter((s) => s.latitude != null && s.longitude != null)
    .map((s) => ({ id: s.id, name: s.name, latitude: s.latitude!, longitude: s.longitude!, radius: s.geofence_radius_m }));
  return (
    <Stack gap="md">
      <SiteMap places={places} />
      <ListPage<Site>
        title={t('sites.title')}
        resource={sitesResource}
        testId="site"
        query={{ includes: ['zone'] }}
        defaultSort={{ key: 'name', direction: 'asc' }}
        rowHref={(s) => structurePath.site(sid, s.id)}
        rowLabel={(s) => s.name}
        actions={
          canCreate ? (
            <Button onClick={open} data-testid="site-new">
              {t('sites.new')}
            </Button>
          ) : null
        }
        columns={[
          { id: 'name', header: t('common.name'), cell: (s) => <PinnedLabel pinned={s.pinned}>{s.name}</PinnedLabel>, sortKey: 'name', primary: true },
          { id: 'code', header: t('common.code'), cell: (s) => s.code, sortKey: 'code' },
          { id: 'zone', header: t('sites.zone'), cell: (s) => s.zone?.name ?? '—' },
          { id: 'geofence', header: t('sites.geofence'), cell: (s) => (s.geofence_radius_m ? `${s.geofence_radius_m} m` : '—') },
          { id: 'status', header: t('common.status'), cell: (s) => <StatusBadge status={s.status} /> },
        ]}
        rowActions={pinActions}
      />
      <Modal opened={opened} onClose={close} title={t('sites.new')} size="xl">
        <SiteForm
          onCreated={(site) => {
            close();
            navigate(structurePath.site(sid, site.id));
          }}
        />
      </Modal>
    </Stack>
  );
}
