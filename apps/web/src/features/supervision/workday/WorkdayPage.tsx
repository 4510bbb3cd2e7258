import { checkGeofence } from '@app/contracts/targets';
import type { WorkdayMonitor, WorkdayTarget } from '@app/contracts/workday';
import { Alert, Badge, Button, Card, Group, NativeSelect, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useReducer, useState } from 'react';
import { Link } from 'react-router';
import type { ParticipationBody } from '../../../answer/answer-types';
import { PHOTO_EDGE_CHOICES, isReducedData, photoMaxEdge, setPhotoMaxEdge, setReducedData } from '../../../answer/photo-settings';
import { rememberTargetLabel } from '../../../answer/target-label';
import { isApiError } from '../../../lib/http-error';
import { inSession } from '../../../lib/session/session-id';
import { useAccount } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { formatDate, formatDateTime, formatRelative } from '../../../ui/format';
import { queuedBodies } from '../../collection/answering/outbox';
import { useOutboxQueue } from '../../collection/answering/use-outbox';
import { useWorkday } from './use-workday';
import { useWorkdayT } from './workday-i18n';

type T = ReturnType<typeof useWorkdayT>;

/** The answering page of a survey for a target (a field visit: the page reads the position). */
const visitHref = (sid: string, code: string, target: Pick<WorkdayTarget, 'kind' | 'id'>) =>
  `${inSession(sid, `/web/surveys/contribution/${encodeURIComponent(code)}`)}?target=${encodeURIComponent(`${target.kind}:${target.id}`)}`;

/** What a visit waiting in the outbox says of its position, checked on the phone against the kept geofence (the server checks again). */
function queuedLine(t: T, target: WorkdayTarget, body: ParticipationBody): string {
  if (!target.geofence) return t('queued');
  const { latitude, longitude, radius_m } = target.geofence;
  const check = checkGeofence({ latitude, longitude, geofence_radius_m: radius_m }, body.geolocation);
  if (!check || check.status === 'unknown') return t('queuedUnknown');
  return t(check.status === 'inside' ? 'queuedInside' : 'queuedOutside', { distance: check.distance_m });
}

function MonitorCard({ sid, monitor, queued, t }: { sid: string; monitor: WorkdayMonitor; queued: ParticipationBody[]; t: T }) {
  const target = monitor.target;
  return (
    <Card withBorder padding="md" data-testid="workday-monitor" data-target={`${target.kind}:${target.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={700}>{target.name}</Text>
            <Text size="sm" c="dimmed">
              {monitor.survey_title}
              {target.site_name && target.site_name !== target.name ? ` · ${target.site_name}` : ''}
            </Text>
          </div>
          {monitor.overdue ? <Badge color="red">{t('overdue')}</Badge> : null}
        </Group>
        <Text size="sm">{t('dueOn', { date: formatDate(monitor.next_due_at) })}</Text>
        {monitor.last_report_at ? <Text size="sm" c="dimmed">{t('lastVisit', { date: formatDateTime(monitor.last_report_at) })}</Text> : null}
        <Text size="xs" c="dimmed">
          {target.code ? `${t('code', { code: target.code })} · ` : ''}
          {target.geofence ? t('geofence', { radius: target.geofence.radius_m }) : t('noGeofence')}
        </Text>
        {queued.map((body) => (
          <Text key={body.client_uuid} size="sm" c="blue" data-testid="workday-queued">
            {queuedLine(t, target, body)}
          </Text>
        ))}
        <Group>
          <Button
            component={Link}
            to={visitHref(sid, monitor.survey_code, target)}
            onClick={() => rememberTargetLabel(`${target.kind}:${target.id}`, target.name)}
            data-testid="workday-visit"
          >
            {t('doVisit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** "Données réduites" and the photos' maximum size (answer/photo-settings.ts). */
function NetworkSettings({ t }: { t: T }) {
  const [reduced, setReduced] = useState(isReducedData);
  const [edge, setEdge] = useState(photoMaxEdge);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settingsTitle')}
        </Title>
        <Switch
          label={t('reducedData')}
          description={t('reducedDataHelp')}
          checked={reduced}
          onChange={(event) => {
            setReducedData(event.currentTarget.checked);
            setReduced(event.currentTarget.checked);
          }}
          data-testid="workday-reduced-data"
        />
        <NativeSelect
          label={t('photoEdge')}
          value={String(edge)}
          data={PHOTO_EDGE_CHOICES.map((px) => ({ value: String(px), label: t('photoEdgeValue', { px }) }))}
          onChange={(event) => {
            setPhotoMaxEdge(Number(event.currentTarget.value));
            setEdge(Number(event.currentTarget.value));
          }}
        />
      </Stack>
    </Paper>
  );
}

/**
 * "Ma journée" (issue 21): what the agent has to do, kept on the phone so the installed
 * app opens on it with no network; says how fresh it is, and which visits wait to be sent.
 */
export function WorkdayPage() {
  const t = useWorkdayT();
  const account = useAccount();
  if (!account) return null;
  return <WorkdayScreen t={t} account={account} />;
}

function WorkdayScreen({ t, account }: { t: T; account: NonNullable<ReturnType<typeof useAccount>> }) {
  const sid = account.sid;
  const day = useWorkday(account);
  const queue = useOutboxQueue(account);
  // Queued visits are read from the outbox; any of its events may change them.
  const [, outboxChanged] = useReducer((n: number) => n + 1, 0);
  useEffect(() => queue?.subscribe(outboxChanged), [queue]);
  const queued = queuedBodies(sid).filter((body) => body.status === 'submitted');
  const shown = day.data;
  return (
    <Stack gap="md" data-testid="workday">
      <PageHeader
        title={t('title')}
        description={t('intro')}
        actions={
          <Button variant="light" onClick={() => void day.refetch()} loading={day.isFetching} disabled={typeof navigator !== 'undefined' && navigator.onLine === false}>
            {t('refresh')}
          </Button>
        }
      />
      {!shown && isApiError(day.error) && day.error.status === 0 ? (
        <Alert color="orange" data-testid="workday-never-loaded">
          {t('neverLoaded')}
        </Alert>
      ) : null}
      <QueryState
        isPending={day.isPending}
        error={shown || (isApiError(day.error) && day.error.status === 0) ? null : day.error}
        onRetry={() => void day.refetch()}
      >
        {shown ? (
          <Stack gap="md">
            <Text size="sm" c={shown.live ? 'dimmed' : 'orange'} data-testid="workday-freshness" data-live={shown.live}>
              {t(shown.live ? 'freshLive' : 'freshKept', { when: formatRelative(shown.savedAt) })}
              {shown.live ? '' : ` — ${t('offlineNote')}`}
            </Text>
            <section>
              <Title order={2} size="h3" mb="sm">
                {t('visitsTitle')}
              </Title>
              {shown.day.monitors.length === 0 ? (
                <Text c="dimmed">{t('noVisit')}</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {shown.day.monitors.map((monitor) => (
                    <MonitorCard
                      key={monitor.id}
                      sid={sid}
                      monitor={monitor}
                      t={t}
                      queued={queued.filter((b) => b.survey_code === monitor.survey_code && b.target?.kind === monitor.target.kind && b.target?.id === monitor.target.id)}
                    />
                  ))}
                </SimpleGrid>
              )}
            </section>
            <section>
              <Title order={2} size="h3" mb="sm">
                {t('contributionsTitle')}
              </Title>
              {shown.day.contributions.length === 0 ? (
                <Text c="dimmed">{t('noContribution')}</Text>
              ) : (
                <Stack gap="xs">
                  {shown.day.contributions.map((c) => (
                    <Group key={`${c.survey_code}:${c.participation_id ?? ''}`} justify="space-between">
                      <Text>{c.survey_title}</Text>
                      <Button
                        size="xs"
                        variant="light"
                        component={Link}
                        to={`${inSession(sid, `/web/surveys/contribution/${encodeURIComponent(c.survey_code)}`)}${c.participation_id ? `?participation=${c.participation_id}` : ''}`}
                      >
                        {t('answer')}
                      </Button>
                    </Group>
                  ))}
                </Stack>
              )}
            </section>
            <section>
              <Title order={2} size="h3" mb="sm">
                {t('placesTitle')}
              </Title>
              {shown.day.places.length === 0 ? (
                <Text c="dimmed">{t('noPlace')}</Text>
              ) : (
                <Stack gap={4}>
                  {shown.day.places.map((place) => (
                    <Text key={`${place.kind}:${place.id}`} size="sm">
                      {place.name}
                      {place.code ? ` · ${t('code', { code: place.code })}` : ''}
                    </Text>
                  ))}
                </Stack>
              )}
            </section>
          </Stack>
        ) : null}
      </QueryState>
      <NetworkSettings t={t} />
    </Stack>
  );
}
