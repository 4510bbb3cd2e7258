import { EMAIL_PATTERN } from '@app/contracts';
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max).optional();

export const invitationDatas = z.object({
  job: text(120),
  first_name: text(120),
  last_name: text(120),
});

/**
 * Invite by e-mail or phone; the job and names go in `datas` (or at the top level, as
 * some forms send them). Status, company and host are not accepted.
 */
export const createInvitationBody = z
  .object({
    email: z.string().trim().regex(EMAIL_PATTERN, "L'adresse e-mail n'est pas valide").optional(),
    phone: z.string().trim().max(30).optional(),
    datas: invitationDatas.optional(),
    ...invitationDatas.shape,
  })
  .refine((v) => Boolean(v.email || v.phone), {
    message: "L'adresse e-mail ou le numéro de téléphone de la personne invitée est obligatoire",
    path: ['email'],
  });

export type InvitationDatas = z.infer<typeof invitationDatas>;
export type CreateInvitationInput = z.infer<typeof createInvitationBody>;

/** How long an invitation waits for an answer. */
export const INVITATION_TTL_DAYS = 14;
