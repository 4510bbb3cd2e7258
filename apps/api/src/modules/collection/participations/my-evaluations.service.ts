import type { ListMeta } from '@app/contracts';
import type { MyEvaluation } from '@app/contracts/scorecards';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { requireActor } from '../../tenancy/companies/tenancy';
import { targetNameSql } from '../../supervision/monitors/monitor-targets';

const PAGE_SIZE = 20;

/** The evaluated object's name, whatever its kind (null once it is gone): the one naming rule. */
const TARGET_NAME = targetNameSql(sql`p.target_kind`, sql`p.target_id`, sql`p.company_id`);

/**
 * `GET participations/mine/evaluations` (the `web/reports` page): the evaluations the
 * caller submitted, in any company, newest first, with their score and what was evaluated.
 */
export async function listMyEvaluations(ctx: RequestContext, query: { page?: number; limit?: number }): Promise<{ rows: MyEvaluation[]; meta: ListMeta }> {
  const actor = requireActor(ctx);
  const limit = query.limit ?? PAGE_SIZE;
  const page = query.page ?? 0;
  const mine = sql`p.user_id = ${actor.userId} AND p.deleted_at IS NULL AND p.target_kind IS NOT NULL AND p.target_id IS NOT NULL AND p.status <> 'in_progress'`;
  const [rows, [count]] = await Promise.all([
    ctx.db.rows<Record<string, unknown>>(sql`
      SELECT p.id, p.status, p.score, to_char(p.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS submitted_at,
        s.id AS survey_id, s.title AS survey_title, c.id AS company_id, c.name AS company_name,
        p.target_kind, p.target_id, ${TARGET_NAME} AS target_name
      FROM participations p JOIN surveys s ON s.id = p.survey_id JOIN companies c ON c.id = p.company_id
      WHERE ${mine}
      ORDER BY p.submitted_at DESC NULLS LAST, p.id DESC
      LIMIT ${limit} OFFSET ${page * limit}`),
    ctx.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM participations p WHERE ${mine}`),
  ]);
  const total = Number(count.n);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      status: String(r.status),
      score: r.score === null ? null : Number(r.score),
      submitted_at: (r.submitted_at as string | null) ?? null,
      survey: { id: Number(r.survey_id), title: String(r.survey_title) },
      company: { id: Number(r.company_id), name: String(r.company_name) },
      target: { kind: r.target_kind as MyEvaluation['target']['kind'], id: Number(r.target_id), name: (r.target_name as string | null) ?? null },
    })),
    meta: { limit, page, start: page * limit, has_more: (page + 1) * limit < total, total },
  };
}
