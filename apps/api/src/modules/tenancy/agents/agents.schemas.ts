import { EMAIL_PATTERN } from '@app/contracts';
import { z } from 'zod';
import { recordId } from '@app/contracts';

const text = (max: number) => z.string().trim().max(max).nullable().optional();

/** What a company may change on a member; status, company and user are not accepted. */
export const updateAgentBody = z.object({
  job: text(120),
  first_name: text(120),
  last_name: text(120),
  email: z.string().trim().regex(EMAIL_PATTERN, "L'adresse e-mail n'est pas valide").nullable().optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 .-]{6,20}$/, "Le numéro de téléphone n'est pas valide")
    .nullable()
    .optional(),
});

export const changeAgentStateBody = z.object({
  status: z.enum(['active', 'suspended'], { message: "L'état doit être active ou suspended" }),
});

/** A role by id or by slug (`role` or `role_id`, as clients of the former API sent it). */
export const roleRefBody = z
  .object({
    role: z.union([recordId, z.string().trim().min(1).max(80)]).optional(),
    role_id: recordId.optional(),
  })
  .refine((v) => v.role !== undefined || v.role_id !== undefined, { message: 'Le rôle est obligatoire', path: ['role'] });

export type UpdateAgentInput = z.infer<typeof updateAgentBody>;
export type RoleRefInput = z.infer<typeof roleRefBody>;
