import { Badge, Card, EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatDateTime, formatNumber } from '../../../ui/format';
import { Pager } from '../../../ui/list/Pager';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { fetchMyEvaluations } from '../../tenancy/overview/scores.api';
import { useScoresT } from '../../tenancy/overview/scores-i18n';
import { useParticipationStatusLabel } from '../../../ui/participation-status';

const STATUS_COLORS: Record<string, string> = { submitted: 'blue', checked: 'violet', validated: 'teal' };

/** `web/reports`: the evaluations the signed-in person submitted, newest first, with their score. */
export function MyEvaluationsPage() {
  const { t } = useScoresT();
  const statusLabel = useParticipationStatusLabel();
  const { sid } = useCurrentSession();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(0, Number.parseInt(search.get('page') ?? '1', 10) - 1 || 0);
  const list = useQuery({
    queryKey: ['my-evaluations', sid, page],
    queryFn: ({ signal }) => fetchMyEvaluations(page, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t('reportsTitle')} description={t('reportsIntro')} />
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {rows.length === 0 ? (
          <EmptyState icon={<IconStar size={28} />} title={t('reportsEmpty')} description={t('reportsEmptyHint')} data-testid="my-evaluations-empty" />
        ) : (
          <Stack gap="xs" data-testid="my-evaluations">
            {rows.map((row) => (
              <Card key={row.id} withBorder padding="sm" data-testid="my-evaluation">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} lineClamp={1}>
                      {row.target.name ?? t('unnamed')}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t(`kinds.${row.target.kind}`)} · {row.company.name} · {row.survey.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(row.submitted_at)}
                    </Text>
                  </div>
                  <Stack gap={4} align="flex-end">
                    <Text fz="xl" fw={700} data-testid="my-evaluation-score" aria-label={t('score')}>
                      {formatNumber(row.score)}
                    </Text>
                    <Badge variant="light" size="sm" color={STATUS_COLORS[row.status] ?? 'gray'}>
                      {statusLabel(row.status)}
                    </Badge>
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        <Pager
          page={page}
          meta={list.data?.meta}
          onPage={(next) =>
            setSearch((current) => {
              const params = new URLSearchParams(current);
              if (next > 0) params.set('page', String(next + 1));
              else params.delete('page');
              return params;
            })
          }
        />
      </QueryState>
    </Stack>
  );
}
