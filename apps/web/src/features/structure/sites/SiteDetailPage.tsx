import { canDo } from '@app/contracts/permissions';
import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../lib/resource/resource';
import { useResource, useResourceList } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { ResourceList } from '../../../ui/list/ListPage';
import { StatusBadge } from '../../../ui/StatusBadge';
import { SiteMap } from '../map/SiteMap';
import { SITE_TAB_OF_SECTION, SiteFocus, type SiteSection } from './SiteFocus';
import { PinButton } from '../pins/PinControls';
import { type AgentRow, agentName, agentsResource, type Group as GroupRow, type Site, sitesResource, type Workspace } from '../structure-resources';
import { useStructureT } from '../structure-i18n';
import { structurePath } from '../structure-paths';
import { TargetQrButton } from '../../collection/targets/TargetQrButton';
import { PrintQrSheetButton } from '../../collection/targets/PrintQrSheetButton';
import { useTargetQr } from '../../collection/targets/TargetQrModal';
import { useTargetsT } from '../../collection/targets/targets-i18n';
import { useScoresT } from '../../tenancy/overview/scores-i18n';
import { SkeletonLines } from '../../../ui/QueryState';
import { LabelValue } from '../../../ui/LabelValue';

// The scorecard (and its charts) loads only with its tab.
const SiteScorecard = lazy(() => import('../../tenancy/overview/SiteScorecard').then((m) => ({ default: m.SiteScorecard })));

/**
 * The site's page with its sub-pages as tabs (`{action}/sites/{site}/{type}`, groups,
 * workspaces, surveys): a sub-path opens its tab, and one naming an item
 * (`groups/{group}`, `{type}/{user}`, ...) shows that item above the tab's list.
 */
export function SiteDetailPage({ section }: { section?: SiteSection } = {}) {
  const t = useStructureT();
  const { t: ts } = useScoresT();
  const { sid, account } = useCurrentSession();
  const params = useParams();
  const id = Number(params.site);
  const site = useResource(sitesResource, id, { includes: ['zone.parent.parent', 'manager'] });
  const row = site.data as (Site & { manager?: AgentRow | null }) | undefined;
  const can = (object: string, action: string) => (account ? canDo(account.permissions, object, action) : false);
  const tq = useTargetsT();
  const qr = useTargetQr();
  // The item the address names, above the list of its tab.
  const withFocus = (of: SiteSection, list: ReactNode) =>
    section === of ? (
      <Stack gap="sm">
        <SiteFocus section={of} />
        {list}
      </Stack>
    ) : (
      list
    );
  const place = row?.latitude != null && row.longitude != null ? [{ id: row.id, name: row.name, latitude: row.latitude, longitude: row.longitude, radius: row.geofence_radius_m }] : [];
  return (
    <>
    {qr.modal}
    <DetailPage
      title={row?.name ?? '…'}
      actions={
        row ? (
          <Group gap="xs">
            <PinButton type="sites" id={row.id} pinned={Boolean(row.pinned)} resource={sitesResource} />
            {can('sites', 'show') ? (
              <Button variant="default" onClick={() => qr.open('site', row.id, row.name)} data-testid="site-qr">
                {tq('qr.siteQr')}
              </Button>
            ) : null}
            {can('workspaces', 'show') ? <PrintQrSheetButton kind="workspace" siteId={row.id} label={tq('qr.printSite')} /> : null}
          </Group>
        ) : null
      }
      breadcrumbs={[{ label: t('sites.title'), to: structurePath.sites(sid) }, { label: row?.name ?? '…' }]}
      query={site}
      defaultTab={section ? SITE_TAB_OF_SECTION[section] : undefined}
      tabs={[
        {
          value: 'info',
          label: t('sites.tabs.info'),
          content: row ? (
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Text>
                  <LabelValue label={t('common.code')}><b data-testid="site-code">{row.code}</b></LabelValue>
                </Text>
                <Text>
                  <LabelValue label={t('sites.zone')}>{[row.zone?.name, row.zone?.parent?.name, row.zone?.parent?.parent?.name].filter(Boolean).join(', ') || '—'}</LabelValue>
                </Text>
                <Text>
                  <LabelValue label={t('sites.address')}>{row.address ?? '—'}</LabelValue>
                </Text>
                <Text data-testid="site-geofence-value">
                  <LabelValue label={t('sites.geofence')}>{row.geofence_radius_m ?? '—'}</LabelValue>
                </Text>
                <Text>
                  <LabelValue label={t('sites.manager')}>{row.manager ? agentName(row.manager) : '—'}</LabelValue>
                </Text>
                <StatusBadge status={row.status} />
              </SimpleGrid>
              {place.length ? <SiteMap places={place} /> : <Text c="dimmed">{t('sites.noCoordinates')}</Text>}
            </Stack>
          ) : null,
        },
        { value: 'agents', label: t('sites.tabs.agents'), content: withFocus('people', <SiteAgents siteId={id} canEdit={can('sites', 'update')} />) },
        { value: 'groups', label: t('sites.tabs.groups'), hidden: !can('groups', 'list'), content: withFocus('groups', <SiteGroups siteId={id} />) },
        {
          value: 'workspaces',
          label: t('sites.tabs.workspaces'),
          hidden: !can('workspaces', 'list'),
          content: withFocus('workspaces', <SiteWorkspaces siteId={id} onQr={can('workspaces', 'show') ? (w) => qr.open('workspace', w.id, w.name) : undefined} />),
        },
        { value: 'surveys', label: t('sites.tabs.surveys'), hidden: !can('surveys', 'list'), content: withFocus('surveys', <SiteSurveys siteId={id} />) },
        {
          value: 'scores',
          label: ts('siteScorecard'),
          hidden: !can('participations', 'list'),
          content: (
            <Suspense fallback={<SkeletonLines />}>
              <SiteScorecard siteId={id} />
            </Suspense>
          ),
        },
      ]}
    />
    </>
  );
}

function SiteAgents({ siteId, canEdit }: { siteId: number; canEdit: boolean }) {
  const t = useStructureT();
  const client = useQueryClient();
  const resource = defineResource<AgentRow>(`sites/${siteId}/agents`, { key: 'sites' });
  const all = useResourceList(agentsResource, { limit: 200 }, { enabled: canEdit });
  const [agent, setAgent] = useState<string | null>(null);
  const add = async () => {
    if (!agent) return;
    await api.post(`sites/${siteId}/agents`, { agent_id: Number(agent) });
    setAgent(null);
    await client.invalidateQueries();
  };
  return (
    <Stack gap="sm">
      {canEdit ? (
        <Group align="end">
          <Select
            label={t('sites.agent')}
            searchable
            data={(all.data?.data ?? []).map((a) => ({ value: String(a.id), label: agentName(a) }))}
            value={agent}
            onChange={setAgent}
            data-testid="site-agent-select"
          />
          <Button onClick={add} disabled={!agent}>
            {t('sites.addAgent')}
          </Button>
        </Group>
      ) : null}
      <ResourceList<AgentRow>
        resource={resource}
        testId="site-agent"
        defaultSort={{ key: 'last_name', direction: 'asc' }}
        rowLabel={agentName}
        columns={[
          { id: 'name', header: t('common.name'), cell: agentName, primary: true },
          { id: 'job', header: t('job'), cell: (a) => a.job ?? '—' },
          { id: 'status', header: t('common.status'), cell: (a) => <StatusBadge status={a.status} /> },
        ]}
        rowActions={
          canEdit
            ? [
                {
                  label: t('common.delete'),
                  color: 'red',
                  onClick: async (a) => {
                    await api.request('DELETE', `sites/${siteId}/agents/${a.id}`);
                    await client.invalidateQueries();
                  },
                },
              ]
            : []
        }
      />
    </Stack>
  );
}

function SiteGroups({ siteId }: { siteId: number }) {
  const t = useStructureT();
  const { sid } = useCurrentSession();
  return (
    <ResourceList<GroupRow>
      resource={defineResource<GroupRow>(`sites/${siteId}/groups`, { key: 'groups' })}
      testId="site-group"
      defaultSort={{ key: 'name', direction: 'asc' }}
      rowHref={(g) => structurePath.group(sid, g.id)}
      rowLabel={(g) => g.name}
      columns={[{ id: 'name', header: t('common.name'), cell: (g) => g.name, primary: true }]}
    />
  );
}

function SiteWorkspaces({ siteId, onQr }: { siteId: number; onQr?: (w: Workspace) => void }) {
  const t = useStructureT();
  const tq = useTargetsT();
  return (
    <ResourceList<Workspace>
      resource={defineResource<Workspace>(`sites/${siteId}/workspaces`, { key: 'workspaces' })}
      testId="site-workspace"
      defaultSort={{ key: 'name', direction: 'asc' }}
      rowLabel={(w) => w.name}
      columns={[
        { id: 'name', header: t('common.name'), cell: (w) => w.name, primary: true },
        { id: 'code', header: t('common.code'), cell: (w) => w.code },
        { id: 'kind', header: t('workspaces.kind'), cell: (w) => t(`workspaces.kinds.${w.kind}`, { defaultValue: w.kind }) },
        ...(onQr ? [{ id: 'qr', header: tq('qr.action'), cell: (w: Workspace) => <TargetQrButton name={w.name} onOpen={() => onQr(w)} testId="site-workspace-qr" /> }] : []),
      ]}
    />
  );
}

function SiteSurveys({ siteId }: { siteId: number }) {
  const t = useStructureT();
  return (
    <ResourceList<{ id: number; title: string; status: string }>
      resource={defineResource(`sites/${siteId}/surveys`, { key: 'surveys' })}
      testId="site-survey"
      rowLabel={(s) => s.title}
      columns={[
        { id: 'title', header: t('common.name'), cell: (s) => s.title, primary: true },
        { id: 'status', header: t('common.status'), cell: (s) => <StatusBadge status={s.status} /> },
      ]}
    />
  );
}
