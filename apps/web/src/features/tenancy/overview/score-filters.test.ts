import { describe, expect, it } from 'vitest';
import { lastDays, readScoreFilters, writeScoreFilters } from './score-filters';

describe('scorecard filters in the address', () => {
  it('reads what is valid and drops the rest', () => {
    const filters = readScoreFilters(new URLSearchParams('from=2026-03-01&to=bad&survey_id=12&zone_id=0&target_kind=site&granularity=year'));
    expect(filters).toEqual({ from: '2026-03-01', to: null, survey_id: '12', zone_id: null, target_kind: 'site', granularity: null });
  });

  it('writes the filters and keeps the other parameters (the tab)', () => {
    const next = writeScoreFilters({ from: '2026-03-01', to: '2026-03-31', survey_id: null, zone_id: '4', target_kind: null, granularity: 'week' }, new URLSearchParams('tab=scores&survey_id=9'));
    expect(Object.fromEntries(next)).toEqual({ tab: 'scores', from: '2026-03-01', to: '2026-03-31', zone_id: '4', granularity: 'week' });
  });

  it('gives the last n days, today included', () => {
    expect(lastDays(7, new Date(2026, 2, 10))).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(lastDays(30, new Date(2026, 0, 15))).toEqual({ from: '2025-12-17', to: '2026-01-15' });
  });
});
