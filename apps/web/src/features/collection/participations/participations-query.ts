import type { FilterGroup, QueryObject } from '@app/contracts/query-object';
import type { ParticipationStatus } from '../../surveys/survey.types';

export const PARTICIPATION_STATUSES: readonly ParticipationStatus[] = ['in_progress', 'submitted', 'checked', 'validated'];
export const PARTICIPATION_SORT_KEYS = ['created_at', 'submitted_at', 'status', 'score', 'id'] as const;
export type ParticipationSortKey = (typeof PARTICIPATION_SORT_KEYS)[number];
export const PARTICIPATION_PAGE_SIZES = [10, 20, 50, 100] as const;

/** What the participations table is asked to show. Dates are `YYYY-MM-DD` (local days). */
export interface ParticipationFilters {
  surveyId: number;
  statuses: ParticipationStatus[];
  from: string | null;
  to: string | null;
  search: string;
  /** Only field visits flagged for review: outside their site's geofence, or without a position. */
  flagged?: boolean;
  sort: { key: ParticipationSortKey; direction: 'asc' | 'desc' };
  page: number;
  limit: number;
}

export function defaultParticipationFilters(surveyId: number): ParticipationFilters {
  return { surveyId, statuses: [], from: null, to: null, search: '', sort: { key: 'created_at', direction: 'desc' }, page: 0, limit: 20 };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A local calendar day's first instant, in UTC ISO form (the filter compares instants). */
export function startOfDayIso(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 0, 0, 0, 0).toISOString();
}

/** A local calendar day's last millisecond, in UTC ISO form. */
export function endOfDayIso(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}

/** The date-range filter group on `key` (either bound may be open; swapped bounds are put right); null without bounds. */
export function dateRangeGroup(key: string, from: string | null, to: string | null): FilterGroup | null {
  let first = from && DAY.test(from) ? from : null;
  let last = to && DAY.test(to) ? to : null;
  if (first && last && first > last) [first, last] = [last, first];
  if (first && last) return { filters: [{ key, operator: 'bt', value: [startOfDayIso(first), endOfDayIso(last)] }] };
  if (first) return { filters: [{ key, operator: 'gte', value: startOfDayIso(first) }] };
  if (last) return { filters: [{ key, operator: 'lte', value: endOfDayIso(last) }] };
  return null;
}

/**
 * The query object of the participations table (API.md "The query object"): the survey,
 * the statuses (ORed), the submission window, free text, one sort key then the id as
 * tie-breaker so pages never repeat or skip a row, one page, and the total count.
 */
export function buildParticipationsQuery(filters: ParticipationFilters): QueryObject {
  const groups: FilterGroup[] = [{ filters: [{ key: 'survey_id', operator: 'eq', value: filters.surveyId }] }];
  if (filters.statuses.length === 1) groups.push({ filters: [{ key: 'status', operator: 'eq', value: filters.statuses[0] }] });
  else if (filters.statuses.length > 1) groups.push({ filters: [{ key: 'status', operator: 'in', value: [...filters.statuses] }] });
  const dates = dateRangeGroup('submitted_at', filters.from, filters.to);
  if (dates) groups.push(dates);
  if (filters.flagged) groups.push({ filters: [{ key: 'geofence_status', operator: 'in', value: ['outside', 'unknown'] }] });
  const sort: QueryObject['sort'] = [{ key: filters.sort.key, direction: filters.sort.direction }];
  if (filters.sort.key !== 'id') sort.push({ key: 'id', direction: filters.sort.direction });
  const query: QueryObject = {
    filter_groups: groups,
    includes: ['participant', 'user', 'agent'],
    sort,
    limit: filters.limit,
    page: filters.page,
    with_total: true,
  };
  const text = filters.search.trim();
  // A number is a participation number; other text looks for the participant (name, phone, e-mail).
  if (/^\d{1,9}$/.test(text)) groups.push({ filters: [{ key: 'id', operator: 'eq', value: Number(text) }] });
  else if (text) {
    // A count under a text search costs as much as the page itself: pages then rely on has_more.
    delete query.with_total;
    query.wherehas = [
      {
        relationship: 'participant',
        filter_groups: [{ or: true, filters: ['name', 'phone', 'email'].map((key) => ({ key, operator: 'ct' as const, value: text })) }],
      },
    ];
  }
  return query;
}

/** Options of `surveys/{id}/exportparticipations`: the table's statuses and window, days read in the reader's time zone. */
export interface ExportOptions {
  status?: ParticipationStatus[];
  from?: string;
  to?: string;
  tz?: string;
}

export function exportOptionsOf(filters: ParticipationFilters, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone): ExportOptions {
  const options: ExportOptions = {};
  if (filters.statuses.length) options.status = [...filters.statuses];
  let first = filters.from && DAY.test(filters.from) ? filters.from : null;
  let last = filters.to && DAY.test(filters.to) ? filters.to : null;
  if (first && last && first > last) [first, last] = [last, first];
  if (first) options.from = first;
  if (last) options.to = last;
  if (timeZone) options.tz = timeZone;
  return options;
}

/** Next sort when a column header is clicked: same key flips, a new key starts descending. */
export function toggleSort(current: ParticipationFilters['sort'], key: ParticipationSortKey): ParticipationFilters['sort'] {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'desc' };
}

/** Number of pages for a total (at least one, so the pager stays meaningful). */
export function pageCount(total: number | undefined, limit: number, page: number, hasMore: boolean): number {
  if (typeof total === 'number') return Math.max(1, Math.ceil(total / limit));
  return page + (hasMore ? 2 : 1);
}
