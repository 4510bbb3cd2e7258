import { GLOBAL_ROLES, type RoleHolder } from '@app/contracts';
import type { Actor, RequestContext } from '../../../http/actor';
import { forbidden, notFound, validationFailed } from '../../../http/errors';
import { findRoleByRef, listRolePermissions, type RoleReach, type RoleRow } from './roles.repository';
import { rolesText } from './roles.texts';

/** Global roles shipped with the platform: never deleted, renamed by slug or switched off. */
export function isSystemRole(role: Pick<RoleRow, 'company_id' | 'slug'>): boolean {
  return role.company_id === null && GLOBAL_ROLES.some((r) => r.slug === role.slug);
}

/** Whether a role may be held by a user account or by an agent of `companyId`. */
export function isAssignableTo(role: Pick<RoleRow, 'company_id' | 'slug'>, holder: RoleHolder, companyId: number | null): boolean {
  if (role.company_id !== null) return holder === 'agent' && role.company_id === companyId;
  const definition = GLOBAL_ROLES.find((r) => r.slug === role.slug);
  // Global roles created by an administrator later are user roles unless defined otherwise.
  return definition ? definition.assignableTo.includes(holder) : holder === 'user';
}

/** The role a body names (id or slug), within reach; 404 otherwise, whoever owns it. */
export async function resolveRole(ctx: RequestContext, input: { role?: number | string; role_id?: number }, reach: RoleReach): Promise<RoleRow> {
  const ref = input.role_id ?? input.role;
  const role = ref === undefined ? null : await findRoleByRef(ctx.db, ref, reach);
  if (!role) throw notFound(rolesText(ctx.locale, 'roleNotFound'), 'role_not_found');
  return role;
}

export function assertAssignable(role: RoleRow, holder: RoleHolder, companyId: number | null, locale: string): void {
  if (!isAssignableTo(role, holder, companyId)) {
    const key = holder === 'agent' ? 'notAssignableToAgent' : 'notAssignableToUser';
    throw validationFailed({ role: [rolesText(locale, key, { name: role.name })] });
  }
}

/**
 * No one hands out more than they hold: outside platform admins, giving a role needs
 * every permission that role grants (an owner role therefore needs an owner).
 */
export async function assertCanGrant(ctx: RequestContext, actor: Actor, role: RoleRow): Promise<void> {
  if (actor.type === 'admin') return;
  const granted = await listRolePermissions(ctx.db, role);
  const missing = granted.filter((p) => !actor.permissions.has(p.slug));
  if (missing.length > 0) {
    throw forbidden(rolesText(ctx.locale, 'roleEscalation'), 'privilege_escalation');
  }
}
