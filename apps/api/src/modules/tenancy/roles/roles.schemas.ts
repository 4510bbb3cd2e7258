import { roleInputSchema, roleUpdateSchema } from '@app/contracts/company';
import { z } from 'zod';
import { recordId } from '@app/contracts';

const permissionRef = z.union([recordId, z.string().trim().min(3).max(80)]);

/** The rules live in contracts, shared with the role form of the web app. */
export const createRoleBody = roleInputSchema;
export const updateRoleBody = roleUpdateSchema;

export const changeRoleStateBody = z
  .object({ state: z.enum(['active', 'inactive'], { message: "L'état doit être active ou inactive" }).optional() })
  .nullish();

export const permissionRefBody = z
  .object({ permission: permissionRef.optional(), permission_id: recordId.optional() })
  .refine((v) => v.permission !== undefined || v.permission_id !== undefined, {
    message: 'La permission est obligatoire',
    path: ['permission'],
  });

export type CreateRoleInput = z.infer<typeof createRoleBody>;
export type UpdateRoleInput = z.infer<typeof updateRoleBody>;
export type PermissionRefInput = z.infer<typeof permissionRefBody>;
