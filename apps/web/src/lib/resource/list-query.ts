import { PAGE_SIZE_USERS } from '@app/contracts/constants';
import type { FilterGroup, FilterOperator, QueryObject, SortItem } from '@app/contracts/query-object';

/** What a list page shows, as people set it: kept in the address so it can be shared. */
export interface ListState {
  search: string;
  /** Filter values by filter key; absent or empty means "any". */
  filters: Record<string, string>;
  sort: SortItem | null;
  /** 0-based, as the API counts. */
  page: number;
}

/** A filter a list page offers: the API key, its operator (`eq` by default). */
export interface ListFilterSpec {
  key: string;
  operator?: FilterOperator;
}

export interface ListQueryOptions {
  /** Section 9: 20 by default; validations and approvals 10. */
  pageSize?: number;
  /** When nobody picked a column: newest first unless told otherwise. */
  defaultSort?: SortItem;
  /** Filters, relations and keys the page always sends (e.g. a company's agents only). */
  base?: QueryObject;
  filterSpecs?: readonly ListFilterSpec[];
  /** Ask the server to count (costs a COUNT(*)); the pager then shows the total. */
  withTotal?: boolean;
}

export const DEFAULT_PAGE_SIZE = PAGE_SIZE_USERS;
export const DEFAULT_SORT: SortItem = { key: 'created_at', direction: 'desc' };

const FILTER_PREFIX = 'f.';

/**
 * Reads the list state from the query string: `q`, `page` (1-based for people),
 * `sort` (`created_at` or `-created_at` for descending) and `f.<key>` per filter. A
 * `prefix` (e.g. `groups.`) keeps two lists of one page (two tabs) apart.
 */
export function readListState(search: URLSearchParams, prefix = ''): ListState {
  const page = Number.parseInt(search.get(`${prefix}page`) ?? '1', 10);
  const sortParam = search.get(`${prefix}sort`);
  const filterPrefix = prefix + FILTER_PREFIX;
  const filters: Record<string, string> = {};
  for (const [name, value] of search) if (name.startsWith(filterPrefix) && value) filters[name.slice(filterPrefix.length)] = value;
  return {
    search: search.get(`${prefix}q`) ?? '',
    filters,
    sort: sortParam ? { key: sortParam.replace(/^-/, ''), direction: sortParam.startsWith('-') ? 'desc' : 'asc' } : null,
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
  };
}

/** Writes the list state into `base` (other parameters, such as `tab`, are kept). */
export function writeListState(state: ListState, base?: URLSearchParams, prefix = ''): URLSearchParams {
  const next = new URLSearchParams(base);
  const own = new Set([`${prefix}q`, `${prefix}page`, `${prefix}sort`]);
  const filterPrefix = prefix + FILTER_PREFIX;
  for (const name of [...next.keys()]) if (own.has(name) || name.startsWith(filterPrefix)) next.delete(name);
  if (state.search.trim()) next.set(`${prefix}q`, state.search.trim());
  for (const [key, value] of Object.entries(state.filters)) if (value) next.set(filterPrefix + key, value);
  if (state.sort) next.set(`${prefix}sort`, (state.sort.direction === 'desc' ? '-' : '') + state.sort.key);
  if (state.page > 0) next.set(`${prefix}page`, String(state.page + 1));
  return next;
}

/** Next sort when a column header is clicked: ascending, then descending, then the default. */
export function nextSort(current: SortItem | null, key: string): SortItem | null {
  if (current?.key !== key) return { key, direction: 'asc' };
  if (current.direction !== 'desc') return { key, direction: 'desc' };
  return null;
}

/**
 * The query object for a list state: the page's fixed part, the chosen filters (one
 * group each, so they combine with AND), the sort with `id` as a tie-breaker so pages
 * never repeat or skip a row, one page of `pageSize`.
 */
export function buildListQuery(state: ListState, options: ListQueryOptions = {}): QueryObject {
  const { base = {}, filterSpecs = [], pageSize = DEFAULT_PAGE_SIZE, defaultSort = DEFAULT_SORT } = options;
  const groups: FilterGroup[] = [...(base.filter_groups ?? [])];
  for (const spec of filterSpecs) {
    const value = state.filters[spec.key];
    if (!value) continue;
    const operator = spec.operator ?? 'eq';
    groups.push({ filters: [{ key: spec.key, operator, value: operator === 'in' ? value.split(',') : value }] });
  }
  const sort = state.sort ?? defaultSort;
  const query: QueryObject = {
    ...base,
    sort: sort.key === 'id' ? [sort] : [sort, { key: 'id', direction: sort.direction ?? 'asc' }],
    limit: pageSize,
    page: state.page,
  };
  if (groups.length) query.filter_groups = groups;
  else delete query.filter_groups;
  if (options.withTotal) query.with_total = true;
  if (state.search.trim()) query.input = state.search.trim();
  return query;
}
