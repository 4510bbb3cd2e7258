import type { ScoreGranularity } from '@app/contracts/scorecards';
import type { SurveyTargetKind } from '@app/contracts/surveys';

/** What a scorecard is filtered by, kept in the address (`from`, `to`, `survey_id`…). */
export interface ScoreFilters {
  from: string | null;
  to: string | null;
  survey_id: string | null;
  zone_id: string | null;
  target_kind: SurveyTargetKind | null;
  granularity: ScoreGranularity | null;
}

const KEYS = ['from', 'to', 'survey_id', 'zone_id', 'target_kind', 'granularity'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readScoreFilters(search: URLSearchParams): ScoreFilters {
  const day = (key: string) => {
    const value = search.get(key);
    return value && DAY.test(value) ? value : null;
  };
  const id = (key: string) => {
    const value = search.get(key);
    return value && /^[1-9]\d{0,9}$/.test(value) ? value : null;
  };
  const granularity = search.get('granularity');
  return {
    from: day('from'),
    to: day('to'),
    survey_id: id('survey_id'),
    zone_id: id('zone_id'),
    target_kind: (search.get('target_kind') as SurveyTargetKind | null) || null,
    granularity: granularity === 'week' || granularity === 'day' ? granularity : null,
  };
}

/** The filters written into `base` (other parameters, such as `tab`, are kept). */
export function writeScoreFilters(filters: ScoreFilters, base: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of KEYS) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The last `days` days, today included, as `from`/`to` (local calendar days). */
export function lastDays(days: number, today: Date = new Date()): { from: string; to: string } {
  const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: iso(start), to: iso(today) };
}
