import type { FilterGroup, QueryObject } from '@app/contracts/query-object';
import { SURVEY_STATUSES, SURVEY_TYPES, type SurveyStatus, type SurveyType } from '@app/contracts/surveys';

export interface SurveyListFilters {
  search: string;
  status: SurveyStatus | null;
  type: SurveyType | null;
  page: number;
  limit: number;
}

export const SURVEY_PAGE_SIZE = 20;

const isStatus = (v: string | null): v is SurveyStatus => v !== null && (SURVEY_STATUSES as readonly string[]).includes(v);
export const isSurveyType = (v: string | null | undefined): v is SurveyType =>
  typeof v === 'string' && (SURVEY_TYPES as readonly string[]).includes(v);

/**
 * The list's filters from the address: `q`, `status`, `page` (1-based for people) in
 * the query and the type from the `{type}` segment, so a filtered page can be shared.
 */
export function readSurveyListFilters(search: URLSearchParams, typeSegment: string | undefined): SurveyListFilters {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  const status = search.get('status');
  return {
    search: search.get('q') ?? '',
    status: isStatus(status) ? status : null,
    type: isSurveyType(typeSegment) ? typeSegment : null,
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    limit: SURVEY_PAGE_SIZE,
  };
}

/** The query string for these filters (the type travels in the path). */
export function writeSurveyListSearch(filters: Pick<SurveyListFilters, 'search' | 'status' | 'page'>, base?: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of ['q', 'status', 'page']) next.delete(key);
  if (filters.search.trim()) next.set('q', filters.search.trim());
  if (filters.status) next.set('status', filters.status);
  if (filters.page > 0) next.set('page', String(filters.page + 1));
  return next;
}

/** The query object of the survey list: newest first, one page, with the total. */
export function buildSurveyListQuery(filters: SurveyListFilters): QueryObject {
  const groups: FilterGroup[] = [];
  if (filters.status) groups.push({ filters: [{ key: 'status', operator: 'eq', value: filters.status }] });
  if (filters.type) groups.push({ filters: [{ key: 'type', operator: 'eq', value: filters.type }] });
  const query: QueryObject = {
    sort: [
      { key: 'updated_at', direction: 'desc' },
      { key: 'id', direction: 'desc' },
    ],
    limit: filters.limit,
    page: filters.page,
    with_total: true,
  };
  if (groups.length) query.filter_groups = groups;
  if (filters.search.trim()) query.input = filters.search.trim();
  return query;
}
