import { z } from 'zod';

/** `POST approvals/validate`: decide one pending approval. */
export const validateApprovalBody = z.object({
  id: z.number().int().positive(),
  action: z.enum(['approve', 'reject'], { message: "L'action doit être approve ou reject" }),
  comment: z.string().trim().max(2000).nullable().optional(),
});

export type ValidateApprovalInput = z.infer<typeof validateApprovalBody>;
