import { ADMIN_ROLE_SLUG, toPermissionMap } from '@app/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { roles, userRoles } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { conflict, notFound, validationFailed } from '../../../http/errors';
import { isPlatformAdmin, requireActor } from '../../tenancy/companies/tenancy';
import { loadPermissionSlugs } from '../../tenancy/roles/permission-map';
import { assertAssignable, resolveRole } from '../../tenancy/roles/role-rules';
import { addUserRole, deleteUserRole, listUserRoles } from '../../tenancy/roles/roles.repository';
import type { RoleRefInput } from '../../tenancy/agents/agents.schemas';
import { requireAdmin } from '../../administration/admin-guard';
import { findUserById, grantGlobalRole, updateUser } from './users.repository';
import { audit } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import { assertNotLastActiveAdmin } from './last-admin';
import { usersText } from './users.texts';

/** The account's global roles and the permission map they give (platform admin or oneself). */
export async function getUserPermissions(ctx: RequestContext, id: number) {
  const actor = requireActor(ctx);
  if (!isPlatformAdmin(actor) && actor.userId !== id) throw notFound();
  if (!(await findUserById(ctx.db, id))) throw notFound();
  const [held, slugs] = await Promise.all([listUserRoles(ctx.db, id), loadPermissionSlugs(ctx.db, { userId: id, agentId: null })]);
  return { user_id: id, roles: held, permissions: toPermissionMap(slugs) };
}

async function loadRoleForUser(ctx: RequestContext, id: number, input: RoleRefInput) {
  requireAdmin(ctx);
  if (!(await findUserById(ctx.db, id))) throw notFound();
  const role = await resolveRole(ctx, input, null);
  if (role.slug === ADMIN_ROLE_SLUG) {
    throw validationFailed({ role: [usersText(ctx.locale, 'adminRoleFollowsType')] });
  }
  return role;
}

/** Gives an account a global role (platform admin only). */
export async function assignUserRole(ctx: RequestContext, id: number, input: RoleRefInput) {
  const role = await loadRoleForUser(ctx, id, input);
  assertAssignable(role, 'user', null, ctx.locale);
  await audited(ctx, async (tx) => {
    await addUserRole(tx.db, id, role.id);
    await audit(tx, { action: 'user.role.assign', objectType: 'user', objectId: id, after: { role: role.slug, role_id: role.id } });
    await tx.events.invalidateActors({ userId: id });
  });
  return getUserPermissions(ctx, id);
}

export async function removeUserRole(ctx: RequestContext, id: number, input: RoleRefInput) {
  const role = await loadRoleForUser(ctx, id, input);
  await audited(ctx, async (tx) => {
    if (!(await deleteUserRole(tx.db, id, role.id))) throw notFound(usersText(ctx.locale, 'roleNotHeld'), 'role_not_held');
    await audit(tx, { action: 'user.role.remove', objectType: 'user', objectId: id, before: { role: role.slug, role_id: role.id } });
    await tx.events.invalidateActors({ userId: id });
  });
  return getUserPermissions(ctx, id);
}

/**
 * Changes an account's type (platform admin, never their own); the global admin role
 * follows the admin type so the permission map and the type agree.
 */
export async function changeUserType(ctx: RequestContext, id: number, type: 'admin' | 'agent' | 'customer') {
  const actor = requireAdmin(ctx);
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound();
  if (user.id === actor.userId) throw conflict(usersText(ctx.locale, 'selfType'), 'self_change');
  await audited(ctx, async (tx) => {
    if (type !== 'admin') await assertNotLastActiveAdmin(tx.db, id, ctx.locale);
    await updateUser(tx.db, id, { type });
    if (type === 'admin') {
      await grantGlobalRole(tx.db, id, ADMIN_ROLE_SLUG);
    } else {
      const [adminRole] = await tx.db.orm
        .select({ id: roles.id })
        .from(roles)
        .where(and(isNull(roles.company_id), eq(roles.slug, ADMIN_ROLE_SLUG)));
      if (adminRole) await tx.db.orm.delete(userRoles).where(and(eq(userRoles.user_id, id), eq(userRoles.role_id, adminRole.id)));
    }
    await audit(tx, { action: 'user.type', objectType: 'user', objectId: id, before: { type: user.type }, after: { type } });
    await tx.events.invalidateActors({ userId: id });
  });
  return getUserPermissions(ctx, id);
}
