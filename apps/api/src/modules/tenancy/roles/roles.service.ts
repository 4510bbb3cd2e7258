import { and, eq, sql } from 'drizzle-orm';
import { roles } from '../../../db/schema';
import { audit, pick } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import type { RequestContext } from '../../../http/actor';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, forbidden, notFound, validationFailed } from '../../../http/errors';
import { getOne, parseQueryObject, runListQuery } from '../../../http/query';
import { includesOf, requireCompany, requirePermission, seesAllCompanies, tenantQuery } from '../companies/tenancy';
import { isSystemRole } from './role-rules';
import {
  addRolePermission,
  deleteRolePermission,
  findPermissionByRef,
  listRolePermissions,
  type RoleRow,
} from './roles.repository';
import { roleQueryDef } from './roles.query';
import type { CreateRoleInput, PermissionRefInput, UpdateRoleInput } from './roles.schemas';
import { rolesText } from './roles.texts';

type Row = Record<string, unknown>;

/** `Chef d'équipe` -> `chef-d-equipe`. */
export function slugifyRoleName(name: string): string {
  const plain = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const slug = plain.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 55);
  // A slug never starts with a digit, so that `role: "12"` always means the id 12.
  return /^[a-z]/.test(slug) ? slug : `role-${slug}`.replace(/-$/, '');
}

/** A role the caller can see: own company's or global (any, in the back office); 404 otherwise. */
async function loadVisibleRole(ctx: RequestContext, id: number): Promise<RoleRow> {
  const reach = seesAllCompanies(ctx.actor) ? undefined : requireCompany(ctx).companyId;
  const condition =
    reach === undefined ? eq(roles.id, id) : and(eq(roles.id, id), sql`(${roles.company_id} IS NULL OR ${roles.company_id} = ${reach})`);
  const [role] = await ctx.db.orm.select().from(roles).where(condition);
  if (!role) throw notFound();
  return role;
}

/** A role the caller may change: global roles belong to platform admins. */
async function loadWritableRole(ctx: RequestContext, id: number): Promise<RoleRow> {
  const role = await loadVisibleRole(ctx, id);
  if (role.company_id === null && ctx.actor?.type !== 'admin') {
    throw forbidden(rolesText(ctx.locale, 'globalRole'), 'global_role');
  }
  return role;
}

async function resolvePermission(ctx: RequestContext, input: { permission?: number | string; permission_id?: number }) {
  const permission = await findPermissionByRef(ctx.db, input.permission_id ?? input.permission!);
  if (!permission) throw validationFailed({ permission: [rolesText(ctx.locale, 'unknownPermission')] });
  return permission;
}

/** Outside platform admins, no one grants a permission they do not hold. */
function assertHolds(ctx: RequestContext, slug: string): void {
  if (ctx.actor?.type === 'admin' || ctx.actor?.permissions.has(slug)) return;
  throw forbidden(rolesText(ctx.locale, 'permissionEscalation'), 'privilege_escalation');
}

export async function listRoles(ctx: RequestContext, rawQuery: unknown) {
  requirePermission(ctx, 'roles.list');
  if (!seesAllCompanies(ctx.actor)) requireCompany(ctx);
  const { def, scope } = tenantQuery(ctx, roleQueryDef);
  return runListQuery(ctx.db, def, parseQueryObject(rawQuery, def), scope);
}

export async function getRole(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  requirePermission(ctx, 'roles.show');
  await loadVisibleRole(ctx, id);
  const { def, scope } = tenantQuery(ctx, roleQueryDef);
  const row = await getOne(ctx.db, def, id, scope, includesOf(rawQuery, def));
  if (!row) throw notFound();
  return row;
}

/** A company role (active company), or a global role for a platform admin outside any company. */
export async function createRole(ctx: RequestContext, input: CreateRoleInput): Promise<Row> {
  requirePermission(ctx, 'roles.create');
  const companyId = seesAllCompanies(ctx.actor) ? null : requireCompany(ctx).companyId;
  const granted: number[] = [];
  for (const ref of input.permissions ?? []) {
    const permission = await resolvePermission(ctx, { permission: ref });
    assertHolds(ctx, permission.slug);
    granted.push(permission.id);
  }
  const id = await withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      const [role] = await tx.orm
        .insert(roles)
        .values({
          company_id: companyId,
          name: input.name,
          slug: input.slug ?? slugifyRoleName(input.name),
          description: input.description ?? null,
        })
        .returning({ id: roles.id });
      for (const permissionId of granted) await addRolePermission(tx, role.id, permissionId);
      await audit(ctx, { action: 'role.create', objectType: 'role', objectId: role.id, companyId, after: { ...input } }, tx);
      return role.id;
    }),
  );
  return getRole(ctx, id);
}

export async function updateRole(ctx: RequestContext, id: number, input: UpdateRoleInput): Promise<Row> {
  requirePermission(ctx, 'roles.update');
  const before = await loadWritableRole(ctx, id);
  await withDbErrors(() =>
    audited(ctx, async (tx) => {
      await tx.db.orm.update(roles).set({ ...input, updated_at: new Date() }).where(eq(roles.id, id));
      await audit(tx, { action: 'role.update', objectType: 'role', objectId: id, companyId: before.company_id, before: pick(before, Object.keys(input)), after: { ...input } });
      await tx.events.invalidateActors({ roleId: id });
    }),
  );
  return getRole(ctx, id);
}

/** Deletes a role nobody holds; platform roles and owner roles stay. */
export async function deleteRole(ctx: RequestContext, id: number): Promise<void> {
  requirePermission(ctx, 'roles.delete');
  const role = await loadWritableRole(ctx, id);
  if (isSystemRole(role) || role.is_owner) throw conflict(rolesText(ctx.locale, 'protectedDelete'), 'protected_role');
  const [held] = await ctx.db.rows<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM agent_roles WHERE role_id = ${id}) + (SELECT count(*) FROM user_roles WHERE role_id = ${id}) AS n
  `);
  if (Number(held.n) > 0) {
    throw conflict(rolesText(ctx.locale, 'roleInUse', { n: Number(held.n) }), 'role_in_use');
  }
  await audited(ctx, async (tx) => {
    await tx.db.orm.delete(roles).where(eq(roles.id, id));
    await audit(tx, { action: 'role.delete', objectType: 'role', objectId: id, companyId: role.company_id, before: { name: role.name, slug: role.slug } });
    await tx.events.invalidateActors({ roleId: id });
  });
}

/** Switches a role on or off (toggles without a `state`); owner and platform roles stay on. */
export async function changeRoleState(ctx: RequestContext, id: number, input?: { state?: 'active' | 'inactive' } | null): Promise<Row> {
  requirePermission(ctx, 'roles.changestate');
  const role = await loadWritableRole(ctx, id);
  const state = input?.state ?? (role.state === 'active' ? 'inactive' : 'active');
  if (state === 'inactive' && (role.is_owner || isSystemRole(role))) {
    throw conflict(rolesText(ctx.locale, 'protectedDisable'), 'protected_role');
  }
  await audited(ctx, async (tx) => {
    await tx.db.orm.update(roles).set({ state, updated_at: new Date() }).where(eq(roles.id, id));
    await audit(tx, { action: 'role.state', objectType: 'role', objectId: id, companyId: role.company_id, before: { state: role.state }, after: { state } });
    await tx.events.invalidateActors({ roleId: id });
  });
  return getRole(ctx, id);
}

/** The role and the permissions it grants (every one for an owner role). */
export async function getRolePermissions(ctx: RequestContext, id: number) {
  requirePermission(ctx, 'roles.show');
  const role = await loadVisibleRole(ctx, id);
  return { role_id: role.id, is_owner: role.is_owner, permissions: await listRolePermissions(ctx.db, role) };
}

async function editRolePermissions(ctx: RequestContext, id: number, input: PermissionRefInput, grant: boolean) {
  requirePermission(ctx, grant ? 'roles.assignpermission' : 'roles.removepermission');
  const role = await loadWritableRole(ctx, id);
  if (role.is_owner) throw conflict(rolesText(ctx.locale, 'ownerRole'), 'owner_role');
  const permission = await resolvePermission(ctx, input);
  assertHolds(ctx, permission.slug);
  await audited(ctx, async (tx) => {
    if (grant) await addRolePermission(tx.db, id, permission.id);
    else if (!(await deleteRolePermission(tx.db, id, permission.id))) {
      throw notFound(rolesText(ctx.locale, 'permissionNotHeld'), 'permission_not_held');
    }
    await audit(tx, {
      action: grant ? 'role.permission.assign' : 'role.permission.remove',
      objectType: 'role',
      objectId: id,
      companyId: role.company_id,
      after: { permission: permission.slug },
    });
    await tx.events.invalidateActors({ roleId: id });
  });
  return getRolePermissions(ctx, id);
}

export const assignRolePermission = (ctx: RequestContext, id: number, input: PermissionRefInput) =>
  editRolePermissions(ctx, id, input, true);

export const removeRolePermission = (ctx: RequestContext, id: number, input: PermissionRefInput) =>
  editRolePermissions(ctx, id, input, false);
