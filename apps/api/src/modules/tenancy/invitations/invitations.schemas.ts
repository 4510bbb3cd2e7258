import { invitationDatasSchema, invitationInputSchema } from '@app/contracts/company';
import type { z } from 'zod';

/** The rules live in contracts, shared with the invitation form of the web app. */
export const invitationDatas = invitationDatasSchema;
export const createInvitationBody = invitationInputSchema;

export type InvitationDatas = z.infer<typeof invitationDatas>;
export type CreateInvitationInput = z.infer<typeof createInvitationBody>;

/** How long an invitation waits for an answer. */
export const INVITATION_TTL_DAYS = 14;
