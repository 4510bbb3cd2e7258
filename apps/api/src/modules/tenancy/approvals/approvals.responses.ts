import { z } from 'zod';
import { resourceRowSchema } from '../../../http/response-schemas';
import { approvalQueryDef } from './approvals.query';

/** An approval as stored (approvals table), dates as ISO strings. */
export const approvalSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  agent_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  approvalable_type: z.string(),
  approvalable_id: z.number().int().nullable(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(['pending', 'approved', 'rejected']),
  decided_by: z.number().int().nullable(),
  decided_at: z.string().nullable(),
  comment: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/**
 * A row of the approvals list or detail: the resource's fields plus `approvalable`, its
 * kind and id spread with the kind's payload (open: each kind stores its own).
 */
export const approvalRow = resourceRowSchema(approvalQueryDef, {
  approvalable: z.looseObject({ type: z.string(), id: z.number().int().nullable() }).describe('Type, id et contenu (payload) de la demande'),
});
