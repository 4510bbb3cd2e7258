import type { BulkReviewAction, BulkReviewResult } from '@app/contracts/bulk-review';
import type { CompanyOverview } from '@app/contracts/company';
import type { QueryObject } from '@app/contracts/query-object';
import type { MyEvaluation, SiteScorecard } from '@app/contracts/scorecards';
import type { ListMeta } from '@app/contracts/envelope';
import { api } from '../../../lib/api-client';
import type { ScoreFilters } from './score-filters';

/** The filters as the query string of `GET overview` and `overview/sites/{id}` (empty ones left out). */
function queryOf(filters: ScoreFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== null && value !== '')) as Record<string, string>;
}

export function fetchCompanyScores(filters: ScoreFilters, signal?: AbortSignal) {
  return api.get<CompanyOverview>('overview', { query: queryOf(filters), signal });
}

export function fetchSiteScorecard(siteId: number, filters: ScoreFilters, signal?: AbortSignal) {
  return api.get<SiteScorecard>(`overview/sites/${siteId}`, { query: queryOf(filters), signal });
}

export function fetchMyEvaluations(page: number, signal?: AbortSignal): Promise<{ data: MyEvaluation[]; meta?: ListMeta }> {
  return api.list<MyEvaluation>('participations/mine/evaluations', { page, limit: 20 } as QueryObject, { signal });
}

/** `POST participations/bulk/{action}` on the list's query object; `dryRun` only counts. */
export function bulkReview(action: BulkReviewAction, query: QueryObject, dryRun: boolean) {
  const { filter_groups, wherehas, input } = query;
  return api.post<BulkReviewResult>(`participations/bulk/${action}`, { filter_groups, wherehas, input, dry_run: dryRun });
}
