import { canDo } from '@app/contracts/permissions';
import { MONITOR_TARGET_KINDS, type MonitorView } from '@app/contracts/supervision';
import { Badge, Button, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteResource, useResourceAction } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toast';
import { formatDate, formatNumber } from '../../../ui/format';
import { ListPage } from '../../../ui/list/ListPage';
import { StatusBadge } from '../../../ui/StatusBadge';
import { monitorsResource, supervisionPaths } from '../supervision-api';
import { useSupervisionT } from '../supervision-i18n';
import { MonitorForm } from './MonitorForm';

/** `business/{action}/monitors`: who supervises what, how often, and how it went. */
export function MonitorsPage() {
  const t = useSupervisionT();
  const { t: tKit } = useTranslation('kit');
  const { sid, account } = useCurrentSession();
  const can = (action: string) => (account ? canDo(account.permissions, 'monitors', action) : false);
  const [editing, setEditing] = useState<MonitorView | 'new' | null>(null);
  const remove = useDeleteResource(monitorsResource);
  const changeState = useResourceAction<MonitorView>(monitorsResource, 'changestate');
  const toggle = async (m: MonitorView) => {
    const next = await changeState.mutateAsync({ id: m.id, body: { status: m.status === 'active' ? 'inactive' : 'active' } });
    showToast({ message: next.status === 'active' ? t('monitors.activated') : t('monitors.deactivated'), tone: 'success' });
  };
  const name = (m: MonitorView) => m.target_name ?? `#${m.target_id}`;
  return (
    <>
      <ListPage<MonitorView>
        title={t('monitors.title')}
        resource={monitorsResource}
        testId="monitor"
        defaultSort={{ key: 'created_at', direction: 'desc' }}
        rowHref={(m) => supervisionPaths.conversation(sid, m)}
        rowLabel={name}
        filters={[
          { key: 'status', label: t('monitors.status'), options: [{ value: 'active', label: tKit('status.active') }, { value: 'inactive', label: tKit('status.inactive') }] },
          { key: 'target_kind', label: t('monitors.targetKind'), options: MONITOR_TARGET_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })) },
        ]}
        actions={
          can('create') ? (
            <Button onClick={() => setEditing('new')} data-testid="monitor-new">
              {t('monitors.new')}
            </Button>
          ) : null
        }
        columns={[
          { id: 'target', header: t('monitors.target'), cell: (m) => `${name(m)} (${t(`kinds.${m.target_kind}`)})`, primary: true },
          { id: 'agent', header: t('monitors.supervisor'), cell: (m) => m.agent_name ?? '—' },
          { id: 'survey', header: t('monitors.survey'), cell: (m) => m.survey_title ?? '—', hideOnCard: true },
          { id: 'frequency', header: t('monitors.frequency'), cell: (m) => t(`frequencies.${m.frequency}`), sortKey: 'frequency' },
          { id: 'reports', header: t('monitors.reports'), cell: (m) => String(m.reports_count ?? 0), align: 'right' },
          { id: 'average', header: t('monitors.average'), cell: (m) => (m.average_score == null ? '—' : formatNumber(m.average_score)), hideOnCard: true, align: 'right' },
          { id: 'last', header: t('monitors.lastReport'), cell: (m) => (m.last_report_at ? formatDate(m.last_report_at) : t('monitors.never')), hideOnCard: true },
          {
            id: 'status',
            header: t('monitors.status'),
            cell: (m) => (
              <Group gap={4}>
                <StatusBadge status={m.status} />
                {m.overdue ? (
                  <Badge color="orange" variant="light" data-testid="monitor-overdue">
                    {t('monitors.overdue')}
                  </Badge>
                ) : null}
              </Group>
            ),
            sortKey: 'status',
          },
        ]}
        rowActions={[
          { label: t('monitors.edit'), onClick: (m) => setEditing(m), hidden: () => !can('update') },
          { label: t('monitors.activate'), onClick: toggle, hidden: (m) => !can('changestate') || m.status === 'active' },
          {
            label: t('monitors.deactivate'),
            onClick: toggle,
            hidden: (m) => !can('changestate') || m.status !== 'active',
            confirm: (m) => ({ message: t('monitors.deactivateConfirm', { name: name(m) }), confirmLabel: t('monitors.deactivate') }),
          },
          {
            label: t('monitors.delete'),
            color: 'red',
            onClick: (m) => remove.mutateAsync(m.id),
            hidden: () => !can('delete'),
            confirm: (m) => ({ message: t('monitors.deleteConfirm', { name: name(m) }), confirmLabel: t('monitors.delete') }),
          },
        ]}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('monitors.new') : t('monitors.edit')}>
        {editing !== null ? <MonitorForm monitor={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </>
  );
}
