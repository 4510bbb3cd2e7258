import { PAGE_SIZE_APPROVALS } from '@app/contracts/constants';
import type { FilterGroup, QueryObject, SortItem } from '@app/contracts/query-object';
import { buildListQuery, type ListFilterSpec, readListState } from '../../../lib/resource/list-query';
import { dateRangeGroup } from '../participations/participations-query';

/** Section 9: validation lists show 10 a page, newest first. */
export const VALIDATIONS_PAGE_SIZE = PAGE_SIZE_APPROVALS;
export const VALIDATIONS_SORT: SortItem = { key: 'created_at', direction: 'desc' };
export const REVIEWED_STATUSES = ['submitted', 'checked', 'validated'] as const;

/** The filters of the list (selects), the same for the page and the bulk actions. */
export const VALIDATION_FILTER_KEYS: readonly ListFilterSpec[] = [{ key: 'status' }, { key: 'survey_id' }, { key: 'target_kind' }];

/**
 * What the validations list always sends: sent participations only, who answered, the
 * survey, and the submission window (`from`/`to` in the address, local days).
 */
export function validationsBase(search: URLSearchParams): QueryObject {
  const groups: FilterGroup[] = [{ filters: [{ key: 'status', operator: 'in', value: [...REVIEWED_STATUSES] }] }];
  const window = dateRangeGroup('submitted_at', search.get('from'), search.get('to'));
  if (window) groups.push(window);
  return { filter_groups: groups, includes: ['survey', 'participant', 'user', 'agent'] };
}

/** The list's query object for the address: the page the list shows, and the set bulk actions act on. */
export function validationsQuery(search: URLSearchParams): QueryObject {
  return buildListQuery(readListState(search), {
    base: validationsBase(search),
    filterSpecs: VALIDATION_FILTER_KEYS,
    pageSize: VALIDATIONS_PAGE_SIZE,
    defaultSort: VALIDATIONS_SORT,
  });
}
