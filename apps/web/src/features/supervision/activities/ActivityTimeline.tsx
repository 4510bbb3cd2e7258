import type { ActivityView } from '@app/contracts/supervision';
import { Anchor, Text, Timeline } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { participationDetailsPath } from '../../surveys/survey-paths';
import { activityKindLabel, useSupervisionT } from '../supervision-i18n';
import { LateSyncBadge } from '../workday/LateSyncBadge';

/** Where a line of the timeline leads: the participation, else the monitor's page. */
function hrefOf(sid: string, a: ActivityView): string | null {
  const surveyId = typeof a.data?.survey_id === 'number' ? a.data.survey_id : null;
  if (a.subject_type === 'participations' && a.subject_id && surveyId) return participationDetailsPath(sid, surveyId, a.subject_id);
  if (a.monitor_id) return `/${sid}/conversations/activity/${a.monitor_id}`;
  return null;
}

/** Who did what, on which target, when: newest first. */
export function ActivityTimeline({ sid, rows, linkMonitors = true }: { sid: string; rows: readonly ActivityView[]; linkMonitors?: boolean }) {
  const t = useSupervisionT();
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="activity-timeline">
      {rows.map((a) => {
        const href = hrefOf(sid, a);
        const showLink = href && (linkMonitors || a.subject_type === 'participations');
        const kindLabel = activityKindLabel(t, a.kind);
        const target = a.target_name ? ` ${t('activities.on', { target: `${a.target_kind ? `${t(`kinds.${a.target_kind}`, { defaultValue: a.target_kind })} ` : ''}${a.target_name}` })}` : '';
        return (
          <Timeline.Item key={a.id} title={kindLabel} data-testid="activity-item" data-kind={a.kind}>
            <Text size="sm">
              {a.actor_name ?? t('activities.someone')}
              {a.subject_name ? ` · ${a.subject_name}` : ''}
              {target}
              {typeof a.data?.score === 'number' ? ` · ${t('conversation.score')} ${a.data.score}` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(a.created_at)} <LateSyncBadge lateS={a.data?.late_s} />
              {showLink ? (
                <>
                  {' · '}
                  <Anchor component={Link} to={href} size="xs" underline="always">
                    {t('conversation.consult')}
                  </Anchor>
                </>
              ) : null}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
