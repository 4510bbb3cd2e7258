import { z } from 'zod';

const name = z.string().trim().min(2, 'Le nom doit contenir au moins 2 caractères').max(80);
const description = z.string().trim().max(500).nullable().optional();
const permissionRef = z.union([z.number().int().positive(), z.string().trim().min(3).max(80)]);

/** `is_owner`, `company_id` and `state` are not accepted: unknown keys are dropped. */
export const createRoleBody = z.object({
  name,
  slug: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{1,59}$/, 'Le code du rôle commence par une lettre et ne contient que des minuscules, des chiffres et des tirets')
    .optional(),
  description,
  /** Initial permissions, by slug or id. */
  permissions: z.array(permissionRef).max(500).optional(),
});

export const updateRoleBody = z.object({ name: name.optional(), description });

export const changeRoleStateBody = z
  .object({ state: z.enum(['active', 'inactive'], { message: "L'état doit être active ou inactive" }).optional() })
  .nullish();

export const permissionRefBody = z
  .object({ permission: permissionRef.optional(), permission_id: z.number().int().positive().optional() })
  .refine((v) => v.permission !== undefined || v.permission_id !== undefined, {
    message: 'La permission est obligatoire',
    path: ['permission'],
  });

export type CreateRoleInput = z.infer<typeof createRoleBody>;
export type UpdateRoleInput = z.infer<typeof updateRoleBody>;
export type PermissionRefInput = z.infer<typeof permissionRefBody>;
