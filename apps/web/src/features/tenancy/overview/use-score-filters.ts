import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readScoreFilters, type ScoreFilters, writeScoreFilters } from './score-filters';

/** The scorecard's filters, read from and written to the address (a shared link shows the same). */
export function useScoreFilters(): [ScoreFilters, (next: Partial<ScoreFilters>) => void] {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readScoreFilters(search), [search]);
  const update = useCallback(
    (next: Partial<ScoreFilters>) => setSearch((current) => writeScoreFilters({ ...readScoreFilters(current), ...next }, current), { replace: true }),
    [setSearch],
  );
  return [filters, update];
}
