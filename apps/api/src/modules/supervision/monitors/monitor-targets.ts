import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * The name of a target (agent, group, site, workspace, audience, the company itself) of
 * company `companyId`, as SQL over the columns given: one place for the kinds, used by
 * the monitor lists, the reports' events, the timeline, the participations list and the
 * caller's own evaluations. Another company's id or a deleted object names nothing.
 */
export function targetNameSql(kind: SQL, id: SQL, companyId: SQL): SQL {
  return sql`CASE ${kind}
    WHEN 'agent' THEN (SELECT nullif(trim(concat_ws(' ', t.first_name, t.last_name)), '') FROM agents t
      WHERE t.id = ${id} AND t.company_id = ${companyId} AND t.deleted_at IS NULL)
    WHEN 'group' THEN (SELECT t.name FROM groups t WHERE t.id = ${id} AND t.company_id = ${companyId} AND t.deleted_at IS NULL)
    WHEN 'site' THEN (SELECT t.name FROM sites t WHERE t.id = ${id} AND t.company_id = ${companyId} AND t.deleted_at IS NULL)
    WHEN 'workspace' THEN (SELECT t.name FROM workspaces t WHERE t.id = ${id} AND t.company_id = ${companyId} AND t.deleted_at IS NULL)
    WHEN 'audience' THEN (SELECT t.name FROM audiences t WHERE t.id = ${id} AND t.company_id = ${companyId} AND t.deleted_at IS NULL)
    WHEN 'company' THEN (SELECT t.name FROM companies t WHERE t.id = ${id} AND t.id = ${companyId} AND t.deleted_at IS NULL)
  END`;
}

/** The target's name, or null when the company has no such target. */
export async function findTargetName(db: Database, companyId: number, kind: string, id: number): Promise<string | null> {
  const [row] = await db.rows<{ name: string | null }>(
    sql`SELECT ${targetNameSql(sql`${kind}::text`, sql`${id}::int`, sql`${companyId}::int`)} AS name`,
  );
  return row?.name ?? null;
}

/** The display name of an agent (first and last name, else the account's). */
export async function agentName(db: Database, agentId: number | null | undefined): Promise<string | null> {
  if (!agentId) return null;
  const [row] = await db.rows<{ name: string | null }>(sql`
    SELECT coalesce(nullif(trim(concat_ws(' ', a.first_name, a.last_name)), ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS name
      FROM agents a JOIN users u ON u.id = a.user_id WHERE a.id = ${agentId}`);
  return row?.name ?? null;
}

/** The site a target belongs to (itself for a site; a workspace's or a group's site). */
export async function siteOfTarget(db: Database, companyId: number, kind: string, id: number): Promise<number | null> {
  const query =
    kind === 'site'
      ? sql`SELECT id AS site_id FROM sites WHERE id = ${id} AND company_id = ${companyId}`
      : kind === 'workspace'
        ? sql`SELECT site_id FROM workspaces WHERE id = ${id} AND company_id = ${companyId}`
        : kind === 'group'
          ? sql`SELECT site_id FROM groups WHERE id = ${id} AND company_id = ${companyId}`
          : null;
  if (!query) return null;
  const [row] = await db.rows<{ site_id: number | null }>(query);
  return row?.site_id ?? null;
}
