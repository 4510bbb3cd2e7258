import type { AuditEntryView, AuditFilter } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/** What an action writes to the audit trail (the actor and address come from the request). */
export interface AuditRecord {
  action: string;
  objectType: string;
  objectId?: number | null;
  companyId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface AuditActor {
  userId: number | null;
  ip: string | null;
}

/**
 * Appends one entry; the actor's name and e-mail are copied in the same statement so the
 * entry still says who acted after the account changes. Call it inside the transaction of
 * the change when there is one: the change and its trace commit together.
 */
export async function insertAudit(db: Database, actor: AuditActor, entry: AuditRecord): Promise<void> {
  await db.rows(sql`
    INSERT INTO audit_log (actor_user_id, actor_label, ip, action, object_type, object_id, company_id, before, after)
    SELECT ${actor.userId}::int,
           (SELECT trim(concat_ws(' ', u.first_name, u.last_name, '<' || u.email || '>')) FROM users u WHERE u.id = ${actor.userId}::int),
           ${actor.ip}, ${entry.action}, ${entry.objectType}, ${entry.objectId ?? null}::int, ${entry.companyId ?? null}::int,
           ${entry.before ? JSON.stringify(entry.before) : null}::jsonb, ${entry.after ? JSON.stringify(entry.after) : null}::jsonb`);
}

/**
 * The author as the reader may see it. The platform (`companyId` null) sees everything; a
 * company sees its own people as written, a platform admin only as the platform team (the
 * admin's personal data is not the company's), and nobody's address (the SELECT omits it).
 * Whether the author is an admin is read from the account now: the entry has no such flag.
 * `teamLabel` is that name in the reader's language (never their name, e-mail or account).
 */
function actorColumns(companyId: number | null, teamLabel: string) {
  if (companyId == null) return { id: sql`a.actor_user_id`, label: sql`a.actor_label` };
  return {
    id: sql`CASE WHEN au.type = 'admin' THEN NULL ELSE a.actor_user_id END`,
    label: sql`CASE WHEN au.type = 'admin' THEN ${teamLabel}::text ELSE a.actor_label END`,
  };
}

/** The WHERE clause of a filter; `companyId` confines it to one company (a business owner). */
export function auditWhere(filter: Omit<AuditFilter, 'page' | 'limit'>, companyId: number | null, teamLabel: string): SQL {
  const actor = actorColumns(companyId, teamLabel);
  const parts: SQL[] = [sql`TRUE`];
  if (companyId != null) parts.push(sql`a.company_id = ${companyId}`);
  else if (filter.company_id) parts.push(sql`a.company_id = ${filter.company_id}`);
  // Filter and search on what the reader sees, so a company cannot find an admin by e-mail or id.
  if (filter.actor_id) parts.push(sql`${actor.id} = ${filter.actor_id}`);
  if (filter.action) parts.push(sql`a.action LIKE ${`${filter.action.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, '\\$&')}%`;
    parts.push(sql`(${actor.label} ILIKE ${like} OR a.action ILIKE ${like} OR a.object_type ILIKE ${like} OR c.name ILIKE ${like})`);
  }
  if (filter.from) parts.push(sql`a.occurred_at >= ${filter.from}::date`);
  if (filter.to) parts.push(sql`a.occurred_at < ${filter.to}::date + 1`);
  return sql.join(parts, sql` AND `);
}

/** The columns of an entry for the reader; a company's rows have no `ip` key at all. */
function select(companyId: number | null, teamLabel: string): SQL {
  if (companyId == null) {
    return sql`
      SELECT a.id, a.occurred_at, a.actor_user_id, a.actor_label, a.ip, a.action, a.object_type, a.object_id,
             a.company_id, c.name AS company_name, a.before, a.after
      FROM audit_log a LEFT JOIN companies c ON c.id = a.company_id`;
  }
  const actor = actorColumns(companyId, teamLabel);
  return sql`
    SELECT a.id, a.occurred_at, ${actor.id} AS actor_user_id, ${actor.label} AS actor_label, a.action, a.object_type, a.object_id,
           a.company_id, c.name AS company_name, a.before, a.after
    FROM audit_log a LEFT JOIN companies c ON c.id = a.company_id LEFT JOIN users au ON au.id = a.actor_user_id`;
}

/** One page of entries, newest first, and whether more follow (`teamLabel`: actorColumns). */
export async function listAudit(db: Database, filter: AuditFilter, companyId: number | null, teamLabel: string) {
  const offset = filter.page * filter.limit;
  const rows = await db.rows<AuditEntryView>(sql`${select(companyId, teamLabel)}
    WHERE ${auditWhere(filter, companyId, teamLabel)}
    ORDER BY a.occurred_at DESC, a.id DESC
    LIMIT ${filter.limit + 1} OFFSET ${offset}`);
  const hasMore = rows.length > filter.limit;
  return { rows: rows.slice(0, filter.limit), meta: { limit: filter.limit, page: filter.page, start: offset, has_more: hasMore } };
}

/** Entries by keyset on id (descending), for the streamed export. */
export async function auditBatch(db: Database, filter: Omit<AuditFilter, 'page' | 'limit'>, companyId: number | null, teamLabel: string, before: number, size: number) {
  return db.rows<AuditEntryView>(sql`${select(companyId, teamLabel)}
    WHERE ${auditWhere(filter, companyId, teamLabel)} AND a.id < ${before}
    ORDER BY a.id DESC LIMIT ${size}`);
}
