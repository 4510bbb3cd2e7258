import { canDo } from '@app/contracts/permissions';
import type { ReportView } from '@app/contracts/supervision';
import { Anchor, Group } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client';
import { useResourceMutation } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toast';
import { formatDateTime, formatNumber, truncate } from '../../../ui/format';
import { ResourceList } from '../../../ui/list/ListPage';
import { participationDetailsPath } from '../../surveys/survey-paths';
import { reportsResource } from '../supervision-api';
import { LateSyncBadge } from '../workday/LateSyncBadge';
import { useSupervisionT } from '../supervision-i18n';

/** The reports of one monitor, newest first: who, when, the score, the comment, and the participation. */
export function MonitorReports({ monitorId }: { monitorId: number }) {
  const t = useSupervisionT();
  const { sid, account } = useCurrentSession();
  const canComment = account ? canDo(account.permissions, 'reports', 'update') : false;
  const query = useMemo(() => ({ filter_groups: [{ filters: [{ key: 'monitor_id', value: monitorId }] }] }), [monitorId]);
  const comment = useResourceMutation<{ id: number; comment: string }, ReportView>(reportsResource, ({ id, comment: text }) =>
    api.post<ReportView>(`reports/${id}`, { comment: text || null }),
  );
  return (
    <ResourceList<ReportView>
      resource={reportsResource}
      query={query}
      testId="report"
      paramPrefix="reports."
      searchable={false}
      defaultSort={{ key: 'created_at', direction: 'desc' }}
      rowLabel={(r) => formatDateTime(r.created_at)}
      empty={{ title: t('conversation.reports'), description: t('conversation.noReports') }}
      columns={[
        {
          id: 'date',
          header: t('conversation.reportDate'),
          // When the visit was made; one received long after says so.
          cell: (r) => (
            <Group gap={6} wrap="wrap">
              {formatDateTime(r.created_at)}
              <LateSyncBadge madeAt={r.created_at} receivedAt={r.received_at} />
            </Group>
          ),
          sortKey: 'created_at',
          primary: true,
        },
        { id: 'agent', header: t('monitors.supervisor'), cell: (r) => r.agent_name ?? '—' },
        { id: 'score', header: t('conversation.score'), cell: (r) => (r.score == null ? '—' : formatNumber(r.score)), sortKey: 'score', align: 'right' },
        { id: 'comment', header: t('conversation.comment'), cell: (r) => truncate(r.comment ?? '') || '—' },
        {
          id: 'open',
          header: '',
          cell: (r) =>
            r.survey_id ? (
              <Anchor component={Link} to={participationDetailsPath(sid, r.survey_id, r.participation_id)} size="sm">
                {t('conversation.consult')}
              </Anchor>
            ) : null,
        },
      ]}
      rowActions={
        canComment
          ? [
              {
                label: t('conversation.editComment'),
                color: 'blue',
                confirm: (r) => ({ message: formatDateTime(r.created_at), commentLabel: t('conversation.comment'), confirmLabel: t('conversation.editComment'), color: 'blue' }),
                onClick: async (r, text) => {
                  await comment.mutateAsync({ id: r.id, comment: text ?? '' });
                  showToast({ message: t('conversation.commentSaved'), tone: 'success' });
                },
              },
            ]
          : []
      }
    />
  );
}
