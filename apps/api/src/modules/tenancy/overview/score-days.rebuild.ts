import { SCORE_BUCKET_COUNT, SCORE_BUCKET_EDGES } from '@app/contracts/scorecards';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * What counts in `score_days`, the same rule as the triggers of its migration
 * (`score_days_apply`): submitted, checked or validated, not deleted, with a target;
 * the day is the submission's in Africa/Douala. `score-days.test.ts` holds the
 * incremental rows equal to a rebuild.
 */
const COUNTS = sql.raw(
  "status IN ('submitted', 'checked', 'validated') AND deleted_at IS NULL AND submitted_at IS NOT NULL AND target_kind IS NOT NULL AND target_id IS NOT NULL",
);
const BUCKET = sql.raw(`width_bucket(score, '{${SCORE_BUCKET_EDGES.join(',')}}'::float8[])`);

/**
 * Recomputes `score_days` from the participations, for one company or all. Writes to
 * participations wait while it runs (SHARE lock), so none is counted twice or lost;
 * meant for repairs and after restoring data, not for the request path.
 */
export async function rebuildScoreDays(db: Database, companyId: number | null = null): Promise<{ rows: number }> {
  const hist = sql.join(
    Array.from({ length: SCORE_BUCKET_COUNT }, (_, k) => sql`count(*) FILTER (WHERE ${BUCKET} = ${sql.raw(String(k))})::int`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    await tx.rows(sql`LOCK TABLE participations IN SHARE MODE`);
    const mine = companyId === null ? sql`TRUE` : sql`company_id = ${companyId}`;
    await tx.rows(sql`DELETE FROM score_days WHERE ${mine}`);
    const inserted = await tx.rows<{ n: number }>(sql`
      WITH written AS (
        INSERT INTO score_days (company_id, survey_id, target_kind, target_id, day, n, n_scored, n_validated, score_sum, score_sq, hist, updated_at)
        SELECT company_id, survey_id, target_kind, target_id, (submitted_at AT TIME ZONE 'Africa/Douala')::date,
          count(*)::int, count(score)::int, count(*) FILTER (WHERE status = 'validated')::int,
          COALESCE(sum(score), 0), COALESCE(sum(score * score), 0), ARRAY[${hist}]::integer[], now()
        FROM participations
        WHERE ${mine} AND ${COUNTS}
        GROUP BY 1, 2, 3, 4, 5
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM written`);
    return { rows: Number(inserted[0]?.n ?? 0) };
  });
}
