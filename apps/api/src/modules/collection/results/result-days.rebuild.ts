import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * Recomputes the parts of `result_days` from the participations and answers (view
 * `result_parts`, the rule the triggers apply), for one survey or all. Writes to both
 * tables wait while it runs (SHARE locks), so nothing is counted twice or lost. For
 * repairs and after loading rows with the triggers off (the benchmarks' bulk load runs
 * with session_replication_role = replica), not for the request path.
 */
export async function rebuildResultDays(db: Database, surveyId: number | null = null): Promise<{ rows: number }> {
  return db.transaction(async (tx) => {
    // A survey of a million participations takes minutes, past the API's statement timeout.
    await tx.rows(sql`SET LOCAL statement_timeout = 0`);
    await tx.rows(sql`LOCK TABLE participations, answers IN SHARE MODE`);
    const mine = surveyId === null ? sql`TRUE` : sql`survey_id = ${surveyId}`;
    await tx.rows(sql`DELETE FROM result_day_deltas WHERE ${mine}`);
    await tx.rows(sql`DELETE FROM result_days WHERE ${mine}`);
    const [written] = await tx.rows<{ n: number }>(sql`
      WITH written AS (
        INSERT INTO result_days (survey_id, day, status, kind, question_id, key, num_key, n, n_num, num_sum, promoters, detractors, ord_sum, firsts)
        SELECT survey_id, result_day(submitted_at), status, kind, question_id, key, num_key,
               sum(n)::int, sum(n_num)::int, sum(num_sum), sum(promoters)::int, sum(detractors)::int, sum(ord_sum)::bigint, sum(firsts)::int
          FROM result_parts WHERE ${mine}
         GROUP BY 1, 2, 3, 4, 5, 6, 7
        RETURNING 1)
      SELECT count(*)::int AS n FROM written`);
    return { rows: Number(written?.n ?? 0) };
  });
}
