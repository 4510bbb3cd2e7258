import { canDo } from '@app/contracts/permissions';
import { Anchor, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { useTargetQr } from '../../collection/targets/TargetQrModal';
import { useTargetsT } from '../../collection/targets/targets-i18n';
import { Link, useParams } from 'react-router';
import { defineResource } from '../../../lib/resource/resource';
import { useResource } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { ResourceList } from '../../../ui/list/ListPage';
import { StatusBadge } from '../../../ui/StatusBadge';
import { PinButton } from '../pins/PinControls';
import type { Pinnable } from '../pins/pins';
import { type Workspace, workspacesResource } from '../structure-resources';
import { useStructureT } from '../structure-i18n';
import { structurePath } from '../structure-paths';
import { LabelValue } from '../../../ui/LabelValue';

/** `{action}/workspaces/{workspace}`: a workspace with its site, kind and status, and the site's surveys. */
export function WorkspaceDetailPage() {
  const t = useStructureT();
  const tq = useTargetsT();
  const qr = useTargetQr();
  const { sid, account } = useCurrentSession();
  const id = Number(useParams().workspace);
  const workspace = useResource(workspacesResource, id, { includes: ['site'] });
  const row = workspace.data as (Workspace & Pinnable) | undefined;
  // The counter's QR code, one click away (section 1: reached through a QR code).
  const canQr = account ? canDo(account.permissions, 'workspaces', 'show') : false;
  return (
    <>
    {qr.modal}
    <DetailPage
      title={row?.name ?? '…'}
      breadcrumbs={[{ label: t('workspaces.title'), to: structurePath.workspaces(sid) }, { label: row?.name ?? '…' }]}
      query={workspace}
      actions={
        row ? (
          <Group gap="xs">
            <PinButton type="workspaces" id={row.id} pinned={Boolean(row.pinned)} resource={workspacesResource} />
            {canQr ? (
              <Button variant="default" onClick={() => qr.open('workspace', row.id, row.name)} data-testid="workspace-qr">
                {tq('qr.workspaceQr')}
              </Button>
            ) : null}
          </Group>
        ) : null
      }
      tabs={[
        {
          value: 'info',
          label: t('workspaces.tabs.info'),
          content: row ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="workspace-info">
              <Text>
                <LabelValue label={t('common.code')}><b data-testid="workspace-code-value">{row.code}</b></LabelValue>
              </Text>
              <Text>
                <LabelValue label={t('common.site')}>
                  {row.site ? (
                    <Anchor component={Link} to={structurePath.site(sid, row.site.id)} data-testid="workspace-site-link">
                      {row.site.name}
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </LabelValue>
              </Text>
              <Text data-testid="workspace-kind-value">
                <LabelValue label={t('workspaces.kind')}>{t(`workspaces.kinds.${row.kind}`, { defaultValue: row.kind })}</LabelValue>
              </Text>
              <Text component="div">
                <LabelValue label={t('common.status')}><StatusBadge status={row.status} /></LabelValue>
              </Text>
            </SimpleGrid>
          ) : null,
        },
        {
          value: 'surveys',
          label: t('workspaces.tabs.surveys'),
          content: row ? <SiteSurveys siteId={row.site_id} /> : null,
        },
      ]}
    />
    </>
  );
}

/** The surveys of the workspace's site: what the people working there answer. */
function SiteSurveys({ siteId }: { siteId: number }) {
  const t = useStructureT();
  return (
    <ResourceList<{ id: number; title: string; status: string }>
      resource={defineResource(`sites/${siteId}/surveys`, { key: 'surveys' })}
      testId="workspace-survey"
      rowLabel={(s) => s.title}
      empty={{ description: t('workspaces.noSurvey') }}
      columns={[
        { id: 'title', header: t('common.name'), cell: (s) => s.title, primary: true },
        { id: 'status', header: t('common.status'), cell: (s) => <StatusBadge status={s.status} /> },
      ]}
    />
  );
}
