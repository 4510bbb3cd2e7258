import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { targetNameSql } from '../../supervision/monitors/monitor-targets';

type Row = Record<string, unknown>;

/**
 * Gives each listed participation with a target its `target_name` (the agent's, site's,
 * group's, workspace's or audience's name, the monitors' one naming rule), in one query
 * for the page; a target of another company or deleted names nothing (null).
 */
export async function withTargetNames(db: Database, rows: Row[]): Promise<void> {
  const ids = rows.filter((r) => typeof r.id === 'number' && r.target_kind && r.target_id).map((r) => r.id as number);
  for (const row of rows) if (row.target_kind !== undefined) row.target_name = null;
  if (ids.length === 0) return;
  const names = await db.rows<{ id: number; name: string | null }>(sql`
    SELECT p.id, ${targetNameSql(sql`p.target_kind`, sql`p.target_id`, sql`p.company_id`)} AS name
      FROM participations p WHERE p.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  const byId = new Map(names.map((n) => [Number(n.id), n.name]));
  for (const row of rows) if (typeof row.id === 'number' && byId.has(row.id)) row.target_name = byId.get(row.id) ?? null;
}
