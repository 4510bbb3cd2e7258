import { GLOBAL_ROLES, PERMISSION_CATALOGUE, type RoleDefinition } from '@app/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { permissions, rolePermissions, roles } from '../schema';

type Tx = Database;

/**
 * Grants a role the permissions of its definition, limited to `onlySlugs` when given.
 * Existing grants are kept (ON CONFLICT DO NOTHING), so this never duplicates.
 */
export async function grantDefinedPermissions(
  tx: Tx,
  roleId: number,
  definition: RoleDefinition,
  onlySlugs?: ReadonlySet<string>,
): Promise<void> {
  const wanted = definition.permissions.filter((slug) => !onlySlugs || onlySlugs.has(slug));
  if (wanted.length === 0) return;
  const rows = await tx.orm.select({ id: permissions.id }).from(permissions).where(inArray(permissions.slug, wanted));
  if (rows.length === 0) return;
  await tx.orm
    .insert(rolePermissions)
    .values(rows.map((p) => ({ role_id: roleId, permission_id: p.id })))
    .onConflictDoNothing();
}

/**
 * Makes the `permissions` table match the catalogue of contracts and creates the
 * global roles (admin, customer, partner). Safe at every start and from several
 * processes at once. A role's permissions are granted when the role is created, and
 * permissions new to the catalogue are granted to the roles that define them; a grant
 * an administrator removed stays removed.
 */
export async function seedPermissions(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx.orm
      .insert(permissions)
      .values(PERMISSION_CATALOGUE.map((p) => ({ object: p.object, action: p.action, slug: p.slug, description: p.description })))
      .onConflictDoNothing()
      .returning({ slug: permissions.slug });
    const newSlugs = new Set(inserted.map((p) => p.slug));

    for (const definition of GLOBAL_ROLES) {
      const [created] = await tx.orm
        .insert(roles)
        .values({
          company_id: null,
          name: definition.name,
          slug: definition.slug,
          description: definition.description,
          is_owner: definition.isOwner,
        })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      if (created) {
        await grantDefinedPermissions(tx, created.id, definition);
        continue;
      }
      if (newSlugs.size === 0) continue;
      const [existing] = await tx.orm
        .select({ id: roles.id })
        .from(roles)
        .where(and(isNull(roles.company_id), eq(roles.slug, definition.slug)));
      if (existing) await grantDefinedPermissions(tx, existing.id, definition, newSlugs);
    }
  });
}
