import { z } from 'zod';
import { resourceRowSchema } from '../../../http/response-schemas';
import { approvalSchema } from '../approvals/approvals.responses';
import { companyQueryDef } from './companies.query';

/** What the company routes answer, declared as their responses. */
export const companyRow = resourceRowSchema(companyQueryDef);

/** A created company, with the founder's new membership. */
export const createdCompanyRow = resourceRowSchema(companyQueryDef, { agent_id: z.number().int() });

/** POST companies/{id}/request_to_join: the pending approval and the company asked. */
export const joinRequestSchema = approvalSchema.extend({
  company: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
});

/** GET companies/code/{code}: what anyone holding the code may learn. */
export const publicCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  logo: z.string().nullable(),
  sector: z.string().nullable().describe('Nom du secteur'),
  town: z.string().nullable().describe('Nom de la ville (zone)'),
});
