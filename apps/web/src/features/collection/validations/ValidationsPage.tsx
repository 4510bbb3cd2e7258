import { canDo } from '@app/contracts/permissions';
import { SURVEY_TARGET_KINDS } from '@app/contracts/surveys';
import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../lib/resource/resource';
import { isAdmin } from '../../../lib/session/account-model';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatDateTime, formatNumber } from '../../../ui/format';
import { ResourceList } from '../../../ui/list/ListPage';
import { PageHeader } from '../../../ui/PageHeader';
import type { Participation } from '../../surveys/survey.types';
import { useScoresT } from '../../tenancy/overview/scores-i18n';
import { respondentName } from '../participations/respondent';
import { BulkReviewBar } from './BulkReviewBar';
import { targetLabel } from './target-label';
import { REVIEWED_STATUSES, VALIDATIONS_PAGE_SIZE, VALIDATIONS_SORT, validationsBase, validationsQuery } from './validations-query';
import { useParticipationStatusLabel } from '../../../ui/participation-status';
import { participationNumber } from '@app/contracts/participation-views';

type Row = Participation & { survey?: { id: number; title: string } | null };

const participations = defineResource<Row>('participations');
const STATUS_COLORS: Record<string, string> = { submitted: 'blue', checked: 'violet', validated: 'teal' };

/**
 * `{action}/validations`: the company's sent participations across surveys, 10 a page,
 * newest first, with bulk check / uncheck / validate over everything the filters match.
 */
export function ValidationsPage() {
  const { t } = useScoresT();
  const statusLabel = useParticipationStatusLabel();
  const { account, sid } = useCurrentSession();
  const [search, setSearch] = useSearchParams();
  const base = useMemo(() => validationsBase(search), [search]);
  const query = useMemo(() => validationsQuery(search), [search]);
  const surveys = useQuery({
    // Read again at each visit: a survey created a moment ago is one to filter on.
    queryKey: ['validations', 'survey-options', sid],
    queryFn: ({ signal }) => api.list<{ id: number; title: string }>('surveys', { sort: [{ key: 'title', direction: 'asc' }], limit: 200 }, { signal }),
    staleTime: 0,
  });
  const can = (action: string) => Boolean(account && (isAdmin(account) || canDo(account.permissions, 'participations', action)));
  const setDay = (key: 'from' | 'to', value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });

  return (
    <Stack gap="md">
      <PageHeader title={t('validationsTitle')} description={t('validationsIntro')} actions={<BulkReviewBar query={query} can={can} />} />
      <Group gap="sm" data-testid="validation-period">
        <TextInput type="date" label={t('from')} value={search.get('from') ?? ''} onChange={(e) => setDay('from', e.currentTarget.value)} data-testid="validation-from" />
        <TextInput type="date" label={t('to')} value={search.get('to') ?? ''} onChange={(e) => setDay('to', e.currentTarget.value)} data-testid="validation-to" />
      </Group>
      <ResourceList<Row>
        resource={participations}
        query={base}
        testId="validation"
        pageSize={VALIDATIONS_PAGE_SIZE}
        defaultSort={VALIDATIONS_SORT}
        withTotal
        searchable={false}
        filters={[
          { key: 'status', label: t('status'), options: REVIEWED_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })) },
          {
            key: 'survey_id',
            label: t('survey'),
            options: (surveys.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.title })),
            onOpen: () => void surveys.refetch(),
          },
          { key: 'target_kind', label: t('kind'), options: SURVEY_TARGET_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })) },
        ]}
        columns={[
          { id: 'id', header: 'N°', cell: (p) => participationNumber(p), sortKey: 'id', width: 70 },
          { id: 'survey', header: t('survey'), cell: (p) => p.survey?.title ?? '—', primary: true },
          { id: 'respondent', header: t('respondent'), cell: (p) => respondentName(p) ?? <Text span c="dimmed">{t('anonymous')}</Text> },
          { id: 'target', header: t('target'), cell: (p) => targetLabel(p, (kind) => t(`kinds.${kind}`)) },
          {
            id: 'status',
            header: t('status'),
            sortKey: 'status',
            cell: (p) => (
              <Badge variant="light" color={STATUS_COLORS[p.status] ?? 'gray'}>
                {statusLabel(p.status)}
              </Badge>
            ),
          },
          { id: 'score', header: t('score'), cell: (p) => formatNumber(p.score), sortKey: 'score', align: 'right' },
          { id: 'submitted', header: t('submittedAt'), cell: (p) => formatDateTime(p.submitted_at), sortKey: 'submitted_at' },
        ]}
      />
    </Stack>
  );
}
