import { accountCompanySchema } from '@app/contracts';
import { z } from 'zod';
import { resourceRowSchema } from '../../../http/response-schemas';
import { invitationQueryDef } from './invitations.query';

export const invitationRow = resourceRowSchema(invitationQueryDef);

/** Job and names the company gave the guest (stored as they were sent). */
const datasSchema = z.looseObject({ job: z.string().optional(), first_name: z.string().optional(), last_name: z.string().optional() });

/** GET invitations/mine: a pending invitation as its guest sees it. */
export const myInvitationSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  datas: datasSchema,
  company_id: z.number().int(),
  expires_at: z.string(),
  created_at: z.string(),
  host: z.object({ name: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string(), code: z.string(), logo: z.string().nullable() }),
});

/** POST invitations/{id}/accept: the new membership, as the account's companies show it. */
export const acceptedInvitationSchema = z.object({
  id: z.number().int(),
  status: z.literal('accepted'),
  company_id: z.number().int(),
  guest_agent_id: z.number().int(),
  datas: datasSchema,
  company: accountCompanySchema,
});

export const refusedInvitationSchema = z.object({ id: z.number().int(), status: z.literal('refused') });
