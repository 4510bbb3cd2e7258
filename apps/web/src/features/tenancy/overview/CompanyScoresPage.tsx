import { Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deferrable } from '../../../lib/reduced-data';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { structurePath } from '../../structure/structure-paths';
import { ScorecardFilters } from './ScorecardFilters';
import { ScorecardView } from './ScorecardView';
import { fetchCompanyScores } from './scores.api';
import { useScoresT } from './scores-i18n';
import { useScoreFilters } from './use-score-filters';

/** `{action}/overview`: the company's evaluation scorecards, filtered by period, survey, zone and target kind. */
export function CompanyScoresPage() {
  const { t } = useScoresT();
  const { sid, account } = useCurrentSession();
  const [filters, setFilters] = useScoreFilters();
  const query = useQuery({
    queryKey: ['overview', 'scores', sid, account?.agents[0]?.id, filters],
    queryFn: ({ signal }) => fetchCompanyScores(filters, signal),
    placeholderData: keepPreviousData,
    ...deferrable({ staleTime: 15_000 }),
  });
  const scores = query.data?.scores;
  return (
    <Stack gap="md" data-testid="company-scores">
      <PageHeader title={t('title')} description={t('intro')} />
      <ScorecardFilters filters={filters} onChange={setFilters} />
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {scores ? (
          <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <ScorecardView scores={scores} siteLink={(id) => structurePath.site(sid, id, 'scores')} />
          </div>
        ) : query.data ? (
          <p>{t('noPermission')}</p>
        ) : null}
      </QueryState>
    </Stack>
  );
}
