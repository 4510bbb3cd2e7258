import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { targetNameSql } from './monitor-targets';

type Row = Record<string, unknown>;

/**
 * Adds what a list or the conversation page shows of each monitor: the target's,
 * supervisor's and survey's names (and the survey's code, for the visit link), the count, last date and average score of its
 * reports, and when the next visit is due. One statement for the whole page.
 */
export async function withMonitorNames<T extends Row>(db: Database, rows: T[]): Promise<T[]> {
  const ids = rows.map((r) => r.id).filter((id): id is number => typeof id === 'number');
  if (ids.length === 0) return rows;
  const names = await db.rows<Row & { id: number }>(sql`
    SELECT m.id,
           ${targetNameSql(sql`m.target_kind`, sql`m.target_id`, sql`m.company_id`)} AS target_name,
           coalesce(nullif(trim(concat_ws(' ', a.first_name, a.last_name)), ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS agent_name,
           s.title AS survey_title,
           s.code AS survey_code,
           (SELECT count(*)::int FROM reports r WHERE r.monitor_id = m.id) AS reports_count,
           (SELECT max(r.created_at) FROM reports r WHERE r.monitor_id = m.id) AS last_report_at,
           (SELECT round(avg(r.score)::numeric, 2)::float8 FROM reports r WHERE r.monitor_id = m.id) AS average_score,
           coalesce((SELECT max(r.created_at) FROM reports r WHERE r.monitor_id = m.id), m.created_at)
             + CASE m.frequency WHEN 'daily' THEN interval '1 day' WHEN 'weekly' THEN interval '7 days' ELSE interval '1 month' END AS next_due_at
      FROM monitors m
      JOIN agents a ON a.id = m.agent_id
      JOIN users u ON u.id = a.user_id
      JOIN surveys s ON s.id = m.survey_id
     WHERE m.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const byId = new Map(names.map((n) => [n.id, n]));
  return rows.map((r) => {
    const n = byId.get(r.id as number);
    if (!n) return r;
    const last = n.last_report_at ? new Date(n.last_report_at as string).toISOString() : null;
    const due = new Date(n.next_due_at as string);
    return {
      ...r,
      target_name: n.target_name,
      agent_name: n.agent_name,
      survey_title: n.survey_title,
      survey_code: n.survey_code,
      reports_count: n.reports_count,
      last_report_at: last,
      average_score: n.average_score,
      // The next visit the frequency asks for (after the last report, else the creation); late once past, while active.
      next_due_at: due.toISOString(),
      overdue: r.status === 'active' && due.getTime() < Date.now(),
    };
  });
}
