import type { AdminUserDetail, AdminUserRow, AdminUsersQuery } from '@app/contracts/admin-platform';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { likePattern, pageOf } from './admin-list';

/** Last sign-in = the newest session opened (a refresh keeps the family, so sign-ins are families' first rows). */
const LAST_SIGN_IN = sql`(SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id)`;

const ROW_COLUMNS = sql`u.id, trim(concat_ws(' ', u.first_name, u.last_name)) AS name, u.email, u.phone, u.type, u.status,
  u.email_verified_at, u.phone_verified_at, u.created_at, ${LAST_SIGN_IN} AS last_sign_in_at,
  (SELECT count(*)::int FROM agents a WHERE a.user_id = u.id AND a.deleted_at IS NULL) AS companies_count`;

function userConditions(query: AdminUsersQuery): SQL[] {
  const where: SQL[] = [sql`u.deleted_at IS NULL`];
  if (query.type) where.push(sql`u.type = ${query.type}`);
  if (query.status) where.push(sql`u.status = ${query.status}`);
  if (query.phone_validated === 'yes') where.push(sql`u.phone_verified_at IS NOT NULL`);
  if (query.phone_validated === 'no') where.push(sql`u.phone_verified_at IS NULL`);
  if (query.company_id) {
    where.push(sql`EXISTS (SELECT 1 FROM agents a WHERE a.user_id = u.id AND a.company_id = ${query.company_id} AND a.deleted_at IS NULL)`);
  }
  if (query.q) {
    const like = likePattern(query.q);
    where.push(sql`(concat_ws(' ', u.first_name, u.last_name) ILIKE ${like} OR u.email ILIKE ${like} OR u.phone ILIKE ${like} OR u.username ILIKE ${like})`);
  }
  const recent = (days: number) => sql`EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.created_at > now() - make_interval(days => ${days}))`;
  if (query.signed_in === '7d') where.push(recent(7));
  if (query.signed_in === '30d') where.push(recent(30));
  if (query.signed_in === 'older') where.push(sql`NOT ${recent(30)} AND EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id)`);
  if (query.signed_in === 'never') where.push(sql`NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id)`);
  return where;
}

export function listAdminUsers(db: Database, query: AdminUsersQuery) {
  return pageOf<AdminUserRow>(db, { select: sql`SELECT ${ROW_COLUMNS}`, from: sql`FROM users u`, where: userConditions(query), order: sql`u.created_at DESC, u.id DESC` }, query);
}

type Extra = Pick<AdminUserDetail, 'username' | 'locale' | 'has_to_change_password'>;

export async function findAdminUser(db: Database, id: number): Promise<(AdminUserRow & Extra) | null> {
  const [row] = await db.rows<AdminUserRow & Extra>(
    sql`SELECT ${ROW_COLUMNS}, u.username, u.locale, u.has_to_change_password FROM users u WHERE u.id = ${id} AND u.deleted_at IS NULL`,
  );
  return row ?? null;
}

/** The account's memberships (with their company roles), global roles, signed-in devices and recent activity. */
export async function readUserSurroundings(db: Database, id: number) {
  const memberships = await db.rows<AdminUserDetail['memberships'][number]>(sql`
    SELECT a.id AS agent_id, c.id AS company_id, c.name AS company_name, c.code AS company_code, a.job, a.status,
      coalesce((SELECT array_agg(r.name ORDER BY r.name) FROM agent_roles ar JOIN roles r ON r.id = ar.role_id WHERE ar.agent_id = a.id), '{}') AS roles
    FROM agents a JOIN companies c ON c.id = a.company_id
    WHERE a.user_id = ${id} AND a.deleted_at IS NULL AND c.deleted_at IS NULL ORDER BY c.name`);
  const roles = await db.rows<AdminUserDetail['roles'][number]>(sql`
    SELECT r.id, r.slug, r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${id} ORDER BY r.name`);
  const devices = await db.rows<AdminUserDetail['devices'][number]>(sql`
    SELECT d.id, d.user_agent, d.ip, d.last_seen_at,
      (SELECT count(*)::int FROM sessions s WHERE s.device_id = d.id AND s.revoked_at IS NULL AND s.rotated_at IS NULL AND s.refresh_expires_at > now()) AS open_sessions
    FROM devices d WHERE d.user_id = ${id} ORDER BY d.last_seen_at DESC LIMIT 20`);
  const activity = await db.rows<AdminUserDetail['activity'][number]>(sql`
    SELECT ac.id, ac.kind, c.name AS company_name, ac.target_name, ac.subject_name, ac.created_at
    FROM activities ac JOIN companies c ON c.id = ac.company_id
    WHERE ac.user_id = ${id} ORDER BY ac.created_at DESC, ac.id DESC LIMIT 20`);
  return { memberships, roles, devices, activity };
}

/** Active admin accounts other than `exceptId`: zero means `exceptId` is the last admin. */
export async function countOtherActiveAdmins(db: Database, exceptId: number): Promise<number> {
  const [row] = await db.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM users WHERE type = 'admin' AND status = 'active' AND deleted_at IS NULL AND id <> ${exceptId}`,
  );
  return Number(row?.n ?? 0);
}
