import type { ActivityFilter, ActivityView } from '@app/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';

export type ActivityScope = Omit<ActivityFilter, 'page' | 'limit'> & { companyId: number };

/** The WHERE clause of the timeline's filters (every value bound). Days are whole UTC days. */
export function activityWhere(scope: ActivityScope): SQL {
  const parts: SQL[] = [sql`a.company_id = ${scope.companyId}`];
  if (scope.from) parts.push(sql`a.created_at >= ${`${scope.from}T00:00:00Z`}::timestamptz`);
  if (scope.to) parts.push(sql`a.created_at < (${`${scope.to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  if (scope.kind) parts.push(sql`a.kind = ${scope.kind}`);
  if (scope.agent_id) parts.push(sql`a.agent_id = ${scope.agent_id}`);
  if (scope.target_kind) parts.push(sql`a.target_kind = ${scope.target_kind}`);
  if (scope.target_id) parts.push(sql`a.target_id = ${scope.target_id}`);
  if (scope.monitor_id) parts.push(sql`a.monitor_id = ${scope.monitor_id}`);
  return sql.join(parts, sql` AND `);
}

const COLUMNS = sql`a.id, a.kind, a.agent_id, a.user_id, a.actor_name, a.target_kind, a.target_id, a.target_name,
  a.subject_type, a.subject_id, a.subject_name, a.monitor_id, a.data, a.created_at`;

function toView(row: Record<string, unknown>): ActivityView {
  return { ...(row as unknown as ActivityView), created_at: new Date(row.created_at as string).toISOString() };
}

/** One page of the timeline, newest first; one row more than asked tells whether more follow. */
export async function listActivities(db: Database, scope: ActivityScope, page: number, limit: number) {
  const start = (page - 1) * limit;
  const rows = await db.rows<Record<string, unknown>>(sql`
    SELECT ${COLUMNS} FROM activities a WHERE ${activityWhere(scope)}
     ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit + 1} OFFSET ${start}`);
  return { rows: rows.slice(0, limit).map(toView), meta: { limit, page, start, has_more: rows.length > limit } };
}

export interface ActivityCursor {
  /** The database's own text of created_at (microseconds kept, unlike a JS Date). */
  at: string;
  id: number;
}

/** The next batch of the export, by keyset (created_at, id) descending, and the cursor after it. */
export async function readActivityBatch(db: Database, scope: ActivityScope, after: ActivityCursor | null, size: number) {
  const keyset = after ? sql`AND (a.created_at, a.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
  const rows = await db.rows<Record<string, unknown>>(sql`
    SELECT ${COLUMNS}, a.created_at::text AS cursor_at FROM activities a WHERE ${activityWhere(scope)} ${keyset}
     ORDER BY a.created_at DESC, a.id DESC LIMIT ${size}`);
  const last = rows.at(-1);
  const cursor: ActivityCursor | null = last ? { at: last.cursor_at as string, id: last.id as number } : null;
  return { rows: rows.map(toView), cursor };
}
