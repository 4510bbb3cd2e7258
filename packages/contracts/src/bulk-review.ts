import { z } from 'zod';

/** The review actions of participations, one at a time or in bulk. */
export const BULK_REVIEW_ACTIONS = ['check', 'uncheck', 'validate'] as const;
export type BulkReviewAction = (typeof BULK_REVIEW_ACTIONS)[number];

/**
 * `POST participations/bulk/{action}`: the participations list's query object (only what
 * selects rows is read: `filter_groups`, `wherehas`, `input`; paging and sort are ignored)
 * and `dry_run` to count first, for the confirmation.
 */
export const bulkReviewBody = z.looseObject({
  dry_run: z.boolean({ message: 'dry_run : vrai ou faux.' }).optional(),
});

export interface BulkReviewResult {
  action: BulkReviewAction;
  /** Participations matching the filters. */
  matched: number;
  /** Of those, in the status the action starts from (what a run would change now). */
  eligible: number;
  /** Changed by this run (0 on a dry run). */
  changed: number;
  /** Matching but left as they were (another status, or changed meanwhile). */
  skipped: number;
  dry_run: boolean;
}
