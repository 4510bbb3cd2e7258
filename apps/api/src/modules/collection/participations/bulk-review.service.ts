import type { BulkReviewResult } from '@app/contracts/bulk-review';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { parseQueryObject } from '../../../http/query';
import { compileWhere } from '../../../http/query/compile';
import { emitWebhookEvents } from '../../messaging/webhooks/webhook-events';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { excludeAnonymousSurveys, touchesIdentity } from './anonymous-identity';
import { participationQueryDef } from './participations.query';
import { type ReviewAction, REVIEW_TRANSITIONS } from './review-state.service';
import { bulkRunName } from './review.texts';

/** Rows changed per statement (and per transaction): short locks, bounded trigger work. */
export const BULK_REVIEW_BATCH = 5_000;

/** What of a list's query object selects rows; paging, sorting and relations do not. */
const SELECTING_KEYS = ['filter_groups', 'wherehas', 'input'] as const;

type Scope = { companyId: number; where: (extra: SQL[]) => SQL };

/** The caller's filtered set, as the participations list reads it (same query object, same anonymity rule). */
function filteredSet(ctx: RequestContext, action: ReviewAction, body: Record<string, unknown>): Scope {
  requirePermission(ctx, `participations.${action}`);
  const { companyId } = requireCompany(ctx);
  const selecting = Object.fromEntries(SELECTING_KEYS.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
  const query = parseQueryObject(selecting, participationQueryDef);
  const def = touchesIdentity(participationQueryDef, query) ? excludeAnonymousSurveys(ctx, participationQueryDef) : participationQueryDef;
  return { companyId, where: (extra) => compileWhere(def, query, { companyId }, extra) };
}

const BULK_KINDS = { check: 'participations.bulk_checked', uncheck: 'participations.bulk_unchecked', validate: 'participations.bulk_validated' } as const;
/**
 * One line of the timeline for the whole run ("45 participations validées"), not one per
 * row; its name is written in the reviewer's language (`data.count` keeps the number).
 */
async function recordBulkRun(ctx: RequestContext, companyId: number, action: ReviewAction, count: number): Promise<void> {
  await ctx.events.emitDomain(
    {
      kind: BULK_KINDS[action],
      companyId,
      agentId: ctx.actor!.agentId,
      userId: ctx.actor!.userId,
      subject: { type: 'participations', id: null, name: bulkRunName(ctx.locale, action, count) },
      data: { count },
    },
    ctx.db,
  );
}

/**
 * `POST participations/bulk/{check|uncheck|validate}`: the review action on every
 * participation matching the list's filters (not only a page). `dry_run` only counts,
 * for the confirmation. Rows not in the action's starting status are left alone and
 * counted as skipped. Runs set-wise, BULK_REVIEW_BATCH rows per statement in id order,
 * each batch its own transaction, so a large set neither holds long locks nor loops.
 */
export async function bulkReview(ctx: RequestContext, action: ReviewAction, body: Record<string, unknown>): Promise<BulkReviewResult> {
  const set = filteredSet(ctx, action, body);
  const rule = REVIEW_TRANSITIONS[action];
  const status = sql`t.status = ${rule.from}`;
  const [counted] = await ctx.db.rows<{ matched: number; eligible: number }>(sql`
    SELECT count(*)::int AS matched, count(*) FILTER (WHERE ${status})::int AS eligible
    FROM participations AS t WHERE ${set.where([])}`);
  const matched = Number(counted.matched);
  const eligible = Number(counted.eligible);
  if (body.dry_run === true) return { action, matched, eligible, changed: 0, skipped: matched - eligible, dry_run: true };

  const agentId = ctx.actor!.agentId;
  const stamp =
    action === 'check'
      ? sql`checked_by = ${agentId}, checked_at = now()`
      : action === 'uncheck'
        ? sql`checked_by = NULL, checked_at = NULL`
        : sql`validated_by = ${agentId}, validated_at = now()`;
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await ctx.db.transaction((tx) =>
      tx.rows<{ id: number; survey_id: number }>(sql`
        WITH batch AS (
          SELECT t.id FROM participations AS t
          WHERE ${set.where([status, sql`t.id > ${after}`])}
          ORDER BY t.id LIMIT ${BULK_REVIEW_BATCH}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE participations AS p SET status = ${rule.to}, ${stamp}, updated_at = now()
        FROM batch WHERE p.id = batch.id AND p.status = ${rule.from}
        RETURNING p.id, p.survey_id`),
    );
    changed += rows.length;
    for (const r of rows) after = Math.max(after, Number(r.id));
    if (action === 'validate') {
      await emitWebhookEvents(ctx, set.companyId, 'participation.validated', rows.map((r) => ({ participation_id: Number(r.id), survey_id: Number(r.survey_id), status: rule.to })));
    }
    // A short batch was the last: rows skipped while locked by another reviewer stay theirs.
    if (rows.length < BULK_REVIEW_BATCH) break;
  }
  if (changed > 0) await recordBulkRun(ctx, set.companyId, action, changed);
  return { action, matched, eligible, changed, skipped: matched - changed, dry_run: false };
}
