import { z } from 'zod';
import { recordId } from '@app/contracts';

/** `POST approvals/validate`: decide one pending approval. */
export const validateApprovalBody = z.object({
  id: recordId,
  action: z.enum(['approve', 'reject'], { message: "L'action doit être approve ou reject" }),
  comment: z.string().trim().max(2000).nullable().optional(),
});

export type ValidateApprovalInput = z.infer<typeof validateApprovalBody>;
