import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { agentRoles, permissions, rolePermissions, roles, userRoles } from '../../../db/schema';

export type RoleRow = typeof roles.$inferSelect;

/** Role columns as the API shows them in lists of held roles. */
export const roleSummary = {
  id: roles.id,
  company_id: roles.company_id,
  name: roles.name,
  slug: roles.slug,
  state: roles.state,
  is_owner: roles.is_owner,
};
export type RoleSummary = Pick<RoleRow, 'id' | 'company_id' | 'name' | 'slug' | 'state' | 'is_owner'>;

/**
 * Which roles a caller can reach: `companyId` a company's own roles plus global ones,
 * `null` global roles only, `'all'` every role (platform admin in the back office).
 */
export type RoleReach = number | null | 'all';

function reachCondition(reach: RoleReach): SQL | undefined {
  if (reach === 'all') return undefined;
  if (reach === null) return isNull(roles.company_id);
  return or(isNull(roles.company_id), eq(roles.company_id, reach));
}

/** A role by id or slug within reach; a slug prefers the company's own role over a global one. */
export async function findRoleByRef(db: Database, ref: number | string, reach: RoleReach): Promise<RoleRow | null> {
  const byRef = typeof ref === 'number' || /^[0-9]+$/.test(ref) ? eq(roles.id, Number(ref)) : eq(roles.slug, ref);
  const rows = await db.orm
    .select()
    .from(roles)
    .where(and(byRef, reachCondition(reach)))
    .orderBy(sql`${roles.company_id} IS NULL`, roles.id);
  return rows[0] ?? null;
}

/** The permissions a role grants: every one for an owner role. */
export async function listRolePermissions(db: Database, role: Pick<RoleRow, 'id' | 'is_owner'>) {
  const columns = { id: permissions.id, object: permissions.object, action: permissions.action, slug: permissions.slug, description: permissions.description };
  if (role.is_owner) return db.orm.select(columns).from(permissions).orderBy(permissions.slug);
  return db.orm
    .select(columns)
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(eq(rolePermissions.role_id, role.id))
    .orderBy(permissions.slug);
}

/** A permission by id or slug. */
export async function findPermissionByRef(db: Database, ref: number | string) {
  const byRef = typeof ref === 'number' || /^[0-9]+$/.test(ref) ? eq(permissions.id, Number(ref)) : eq(permissions.slug, ref);
  const [row] = await db.orm.select().from(permissions).where(byRef);
  return row ?? null;
}

export async function addRolePermission(db: Database, roleId: number, permissionId: number): Promise<boolean> {
  const rows = await db.orm.insert(rolePermissions).values({ role_id: roleId, permission_id: permissionId }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function deleteRolePermission(db: Database, roleId: number, permissionId: number): Promise<boolean> {
  const rows = await db.orm
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.role_id, roleId), eq(rolePermissions.permission_id, permissionId)))
    .returning();
  return rows.length > 0;
}

export async function listAgentRoles(db: Database, agentId: number): Promise<RoleSummary[]> {
  return db.orm
    .select(roleSummary)
    .from(agentRoles)
    .innerJoin(roles, eq(roles.id, agentRoles.role_id))
    .where(eq(agentRoles.agent_id, agentId))
    .orderBy(roles.name);
}

export async function listUserRoles(db: Database, userId: number): Promise<RoleSummary[]> {
  return db.orm
    .select(roleSummary)
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.role_id))
    .where(eq(userRoles.user_id, userId))
    .orderBy(roles.name);
}

export async function addAgentRole(db: Database, agentId: number, roleId: number): Promise<boolean> {
  const rows = await db.orm.insert(agentRoles).values({ agent_id: agentId, role_id: roleId }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function deleteAgentRole(db: Database, agentId: number, roleId: number): Promise<boolean> {
  const rows = await db.orm
    .delete(agentRoles)
    .where(and(eq(agentRoles.agent_id, agentId), eq(agentRoles.role_id, roleId)))
    .returning();
  return rows.length > 0;
}

export async function addUserRole(db: Database, userId: number, roleId: number): Promise<boolean> {
  const rows = await db.orm.insert(userRoles).values({ user_id: userId, role_id: roleId }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function deleteUserRole(db: Database, userId: number, roleId: number): Promise<boolean> {
  const rows = await db.orm
    .delete(userRoles)
    .where(and(eq(userRoles.user_id, userId), eq(userRoles.role_id, roleId)))
    .returning();
  return rows.length > 0;
}
