import { canDo } from '@app/contracts/permissions';
import { ACTIVITY_KINDS, MONITOR_TARGET_KINDS } from '@app/contracts/supervision';
import { Accordion, Button, Grid, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { useSupervisorOptions } from '../monitors/monitor-targets';
import { type ActivityQuery, downloadActivityLog, fetchActivities, supervisionKeys } from '../supervision-api';
import { activityKindLabel, useSupervisionT } from '../supervision-i18n';
import { ActivityTimeline } from './ActivityTimeline';

const FILTER_KEYS = ['from', 'to', 'kind', 'agent_id', 'target_kind'] as const;
const PAGE_SIZE = 20;

/** `/{sessionID}/activities`: the company's timeline, filtered by period, kind, agent and target; exported as xlsx. */
export function ActivitiesPage() {
  const t = useSupervisionT();
  const { sid, account } = useCurrentSession();
  const scope = useCacheScope();
  const phone = useMediaQuery('(max-width: 48em)');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter: ActivityQuery = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? '']).filter(([, v]) => v !== ''));
  const query = useQuery({
    queryKey: supervisionKeys.activities(scope, { ...filter, page, limit: PAGE_SIZE } as never),
    queryFn: ({ signal }) => fetchActivities({ ...filter, page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const [exporting, setExporting] = useState(false);
  const canExport = account ? canDo(account.permissions, 'activities', 'export') : false;
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next, { replace: true });
  };
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  const exportLog = async () => {
    setExporting(true);
    try {
      const name = await downloadActivityLog(filter);
      showToast({ message: t('activities.exported', { name }), tone: 'success' });
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };
  const supervisors = useSupervisorOptions();
  const filters = (
    <Stack gap="sm" data-testid="activity-filters">
      <TextInput type="date" label={t('activities.from')} value={params.get('from') ?? ''} onChange={(e) => set('from', e.currentTarget.value)} />
      <TextInput type="date" label={t('activities.to')} value={params.get('to') ?? ''} onChange={(e) => set('to', e.currentTarget.value)} />
      <Select
        label={t('activities.kind')}
        clearable
        data-testid="activity-filter-kind"
        placeholder={t('activities.anyKind')}
        data={ACTIVITY_KINDS.map((k) => ({ value: k, label: activityKindLabel(t, k) }))}
        value={params.get('kind')}
        onChange={(v) => set('kind', v)}
      />
      <Select label={t('activities.agent')} clearable searchable placeholder={t('activities.anyKind')} data={supervisors} value={params.get('agent_id')} onChange={(v) => set('agent_id', v)} />
      <Select
        label={t('activities.targetKind')}
        clearable
        placeholder={t('activities.anyKind')}
        data={MONITOR_TARGET_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        value={params.get('target_kind')}
        onChange={(v) => set('target_kind', v)}
      />
      <Button variant="subtle" onClick={() => setParams(new URLSearchParams(), { replace: true })} disabled={Object.keys(filter).length === 0}>
        {t('activities.clear')}
      </Button>
    </Stack>
  );
  const rows = query.data?.data ?? [];
  const list = (
    <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
      {rows.length === 0 ? (
        <Text c="dimmed" data-testid="activity-empty">
          {t('activities.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          <ActivityTimeline sid={sid} rows={rows} />
          <Group justify="space-between">
            <Button variant="default" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              {t('activities.previous')}
            </Button>
            <Text size="sm">{t('activities.page', { page })}</Text>
            <Button variant="default" disabled={!query.data?.meta?.has_more} onClick={() => goTo(page + 1)}>
              {t('activities.next')}
            </Button>
          </Group>
        </Stack>
      )}
    </QueryState>
  );
  const header = (
    <PageHeader
      title={t('activities.title')}
      actions={
        canExport ? (
          <Button onClick={exportLog} loading={exporting} data-testid="activity-export">
            {t('activities.export')}
          </Button>
        ) : null
      }
    />
  );
  if (phone)
    return (
      <Stack gap="md">
        {header}
        <Accordion variant="contained">
          <Accordion.Item value="filters">
            <Accordion.Control>{t('activities.filters')}</Accordion.Control>
            <Accordion.Panel>{filters}</Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        {list}
      </Stack>
    );
  return (
    <Stack gap="md">
      {header}
      <Grid>
        <Grid.Col span={3}>
          <Paper withBorder p="md" component="aside" aria-label={t('activities.filters')}>
            {filters}
          </Paper>
        </Grid.Col>
        <Grid.Col span={9}>{list}</Grid.Col>
      </Grid>
    </Stack>
  );
}
