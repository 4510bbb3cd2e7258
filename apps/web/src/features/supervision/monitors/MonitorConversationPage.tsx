import { canDo } from '@app/contracts/permissions';
import type { MonitorView } from '@app/contracts/supervision';
import { Badge, Button, Grid, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { rememberTargetLabel } from '../../../answer/target-label';
import { useCacheScope, useResource, useResourceAction } from '../../../lib/resource/use-resource';
import { activeAgentOf } from '../../../lib/session/account-model';
import { inSession } from '../../../lib/session/session-id';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatDate, formatNumber } from '../../../ui/format';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { StatusBadge } from '../../../ui/StatusBadge';
import { RoomView } from '../../messaging/conversations/RoomView';
import { ActivityTimeline } from '../activities/ActivityTimeline';
import { fetchActivities, monitorsResource, openMonitorChatroom, supervisionKeys, supervisionPaths } from '../supervision-api';
import { useSupervisionT } from '../supervision-i18n';
import { MonitorReports } from './MonitorReports';

/** The monitor's own conversation (chatroom of type activity), opened on first visit. */
function MonitorChat({ sid, monitorId }: { sid: string; monitorId: number }) {
  const t = useSupervisionT();
  const scope = useCacheScope();
  const room = useQuery({ queryKey: supervisionKeys.chatroom(scope, monitorId), queryFn: () => openMonitorChatroom(monitorId), staleTime: Number.POSITIVE_INFINITY });
  return (
    <QueryState isPending={room.isPending} error={room.error} onRetry={() => void room.refetch()} skeleton={<Text c="dimmed">{t('conversation.chatLoading')}</Text>}>
      {room.data ? <RoomView sid={sid} type="activity" id={room.data.id} /> : null}
    </QueryState>
  );
}

function MonitorTimeline({ sid, monitorId }: { sid: string; monitorId: number }) {
  const scope = useCacheScope();
  const filter = { monitor_id: monitorId, limit: 50 };
  const timeline = useQuery({
    queryKey: supervisionKeys.activities(scope, filter),
    queryFn: ({ signal }) => fetchActivities(filter, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <QueryState isPending={timeline.isPending} error={timeline.error} onRetry={() => void timeline.refetch()}>
      <ActivityTimeline sid={sid} rows={timeline.data?.data ?? []} linkMonitors={false} />
    </QueryState>
  );
}

function MonitorSummary({ monitor }: { monitor: MonitorView }) {
  const t = useSupervisionT();
  const line = (label: string, value: React.ReactNode) => (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" miw={140}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
  return (
    <Paper withBorder p="md" data-testid="monitor-summary">
      <Stack gap={4}>
        {line(t('monitors.target'), <>{monitor.target_name ?? `#${monitor.target_id}`} <Badge variant="light">{t(`kinds.${monitor.target_kind}`)}</Badge></>)}
        {line(t('monitors.supervisor'), monitor.agent_name ?? '—')}
        {line(t('monitors.survey'), monitor.survey_title ?? '—')}
        {line(t('monitors.frequency'), t(`frequencies.${monitor.frequency}`))}
        {line(t('monitors.status'), <StatusBadge status={monitor.status} />)}
        {line(t('monitors.reports'), `${monitor.reports_count ?? 0}${monitor.average_score == null ? '' : ` · ${t('monitors.average')} ${formatNumber(monitor.average_score)}`}`)}
        {line(t('monitors.lastReport'), monitor.last_report_at ? formatDate(monitor.last_report_at) : t('monitors.never'))}
        {monitor.next_due_at && monitor.status === 'active'
          ? line(t('monitors.nextDue'), <>{formatDate(monitor.next_due_at)} {monitor.overdue ? <Badge color="orange" variant="light">{t('monitors.overdue')}</Badge> : null}</>)
          : null}
        {monitor.note ? line(t('monitors.note'), monitor.note) : null}
      </Stack>
    </Paper>
  );
}

/**
 * `/{sessionID}/conversations/activity/{monitor}?t={kind}&u={agent}`: the monitor, its
 * reports, its timeline and its chat. Side by side on wide screens, tabs on a phone.
 */
export function MonitorConversationPage() {
  const t = useSupervisionT();
  const { sid, account } = useCurrentSession();
  const monitorId = Number(useParams().monitor);
  const phone = useMediaQuery('(max-width: 48em)');
  const monitor = useResource(monitorsResource, Number.isSafeInteger(monitorId) && monitorId > 0 ? monitorId : null);
  const changeState = useResourceAction<MonitorView>(monitorsResource, 'changestate');
  const canChange = account ? canDo(account.permissions, 'monitors', 'changestate') : false;
  // The address names the target kind (t) and the supervisor (u), as section 2 writes it:
  // a link without them, or from before an edit, is put right in place.
  const [search, setSearch] = useSearchParams();
  const kind = monitor.data?.target_kind;
  const supervisorId = monitor.data?.agent_id;
  useEffect(() => {
    if (!kind || !supervisorId) return;
    if (search.get('t') === kind && search.get('u') === String(supervisorId)) return;
    const next = new URLSearchParams(search);
    next.set('t', kind);
    next.set('u', String(supervisorId));
    setSearch(next, { replace: true });
  }, [kind, supervisorId, search, setSearch]);
  const name = monitor.data?.target_name ?? '…';
  // The supervisor of an active monitor fills its survey for its target from here (a field
  // visit: the answering page reads the position for the site's geofence).
  const m = monitor.data;
  const visitHref =
    m && m.status === 'active' && m.survey_code && account && activeAgentOf(account)?.id === m.agent_id
      ? `${inSession(sid, `/web/surveys/contribution/${encodeURIComponent(m.survey_code)}`)}?target=${encodeURIComponent(`${m.target_kind}:${m.target_id}`)}`
      : null;
  const header = (
    <PageHeader
      title={t('conversation.title', { name })}
      breadcrumbs={[{ label: t('monitors.title'), to: supervisionPaths.monitors(sid) }, { label: name }]}
      actions={
        monitor.data ? (
          <Group gap="xs">
            {visitHref ? (
              <Button component={Link} to={visitHref} onClick={() => m && rememberTargetLabel(`${m.target_kind}:${m.target_id}`, m.target_name ?? '')} data-testid="monitor-visit">
                {t('monitors.visit')}
              </Button>
            ) : null}
            {canChange ? (
              <Button variant="default" loading={changeState.isPending} onClick={() => changeState.mutate({ id: monitorId, body: { status: monitor.data?.status === 'active' ? 'inactive' : 'active' } })}>
                {monitor.data.status === 'active' ? t('monitors.deactivate') : t('monitors.activate')}
              </Button>
            ) : null}
          </Group>
        ) : null
      }
    />
  );
  const reportsAndTimeline = (
    <Stack gap="md">
      <Text fw={600}>{t('conversation.reports')}</Text>
      <MonitorReports monitorId={monitorId} />
      <Text fw={600}>{t('conversation.timeline')}</Text>
      <MonitorTimeline sid={sid} monitorId={monitorId} />
    </Stack>
  );
  return (
    <Stack gap="md">
      {header}
      <QueryState isPending={monitor.isPending} error={monitor.error} onRetry={() => void monitor.refetch()}>
        {monitor.data ? <MonitorSummary monitor={monitor.data} /> : null}
      </QueryState>
      {monitor.data ? (
        phone ? (
          <Tabs defaultValue="reports" keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="reports">{t('conversation.reports')}</Tabs.Tab>
              <Tabs.Tab value="timeline">{t('conversation.timeline')}</Tabs.Tab>
              <Tabs.Tab value="chat">{t('conversation.chat')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="reports" pt="md">
              <MonitorReports monitorId={monitorId} />
            </Tabs.Panel>
            <Tabs.Panel value="timeline" pt="md">
              <MonitorTimeline sid={sid} monitorId={monitorId} />
            </Tabs.Panel>
            <Tabs.Panel value="chat" pt="md">
              <MonitorChat sid={sid} monitorId={monitorId} />
            </Tabs.Panel>
          </Tabs>
        ) : (
          <Grid>
            <Grid.Col span={7}>{reportsAndTimeline}</Grid.Col>
            <Grid.Col span={5}>
              <Stack gap="md">
                <Text fw={600}>{t('conversation.chat')}</Text>
                <MonitorChat sid={sid} monitorId={monitorId} />
              </Stack>
            </Grid.Col>
          </Grid>
        )
      ) : null}
    </Stack>
  );
}
