import { Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deferrable } from '../../../lib/reduced-data';
import { useCurrentSession } from '../../../lib/session/use-session';
import { QueryState } from '../../../ui/QueryState';
import { ScorecardFilters } from './ScorecardFilters';
import { ScorecardView } from './ScorecardView';
import { fetchSiteScorecard } from './scores.api';
import { useScoreFilters } from './use-score-filters';

/** A site's scorecard (`GET overview/sites/{id}`): the site, its workspaces and groups. */
export function SiteScorecard({ siteId }: { siteId: number }) {
  const { sid } = useCurrentSession();
  const [filters, setFilters] = useScoreFilters();
  const query = useQuery({
    queryKey: ['overview', 'site-scores', sid, siteId, filters],
    queryFn: ({ signal }) => fetchSiteScorecard(siteId, filters, signal),
    placeholderData: keepPreviousData,
    ...deferrable({ staleTime: 15_000 }),
  });
  return (
    <Stack gap="md" data-testid="site-scorecard">
      <ScorecardFilters filters={filters} onChange={setFilters} withZone={false} />
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {query.data ? <ScorecardView scores={query.data.scores} /> : null}
      </QueryState>
    </Stack>
  );
}
