import { z } from 'zod';

/**
 * What the role and permission routes answer besides rows of a query definition: a held
 * role (roles.repository `roleSummary`), a permission of a role, and the roles and
 * permission map a holder (agent or account) gets. Declared as the routes' responses.
 */
export const roleSummarySchema = z.object({
  id: z.number().int(),
  company_id: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  state: z.enum(['active', 'inactive']),
  is_owner: z.boolean(),
});

const permissionMapSchema = z.record(z.string(), z.literal(true)).describe('Permissions tenues : { "objet.action": true }');

/** GET roles/{id}/getpermissions (and the permission edits, which answer the same). */
export const rolePermissionsSchema = z.object({
  role_id: z.number().int(),
  is_owner: z.boolean(),
  permissions: z.array(
    z.object({ id: z.number().int(), object: z.string(), action: z.string(), slug: z.string(), description: z.string().nullable() }),
  ),
});

/** GET agents/{id}/getpermissions (and the role edits of an agent). */
export const agentPermissionsSchema = z.object({
  agent_id: z.number().int(),
  company_id: z.number().int(),
  roles: z.array(roleSummarySchema),
  permissions: permissionMapSchema,
});

/** GET users/{id}/getpermissions (and the global role edits and type change of an account). */
export const userPermissionsSchema = z.object({
  user_id: z.number().int(),
  roles: z.array(roleSummarySchema),
  permissions: permissionMapSchema,
});
