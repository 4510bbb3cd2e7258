import { z } from 'zod';
import { recordId } from '@app/contracts';

const id = recordId;

/** Invite an agent of the company or a user to fill (some steps of) a participation or a survey. */
export const createContributorBody = z
  .object({
    survey_id: id.optional(),
    participation_id: id.optional(),
    agent_id: id.optional(),
    user_id: id.optional(),
    /** Steps the contributor may fill; empty or absent means every step. */
    step_ids: z.array(id).max(100).default([]),
  })
  .refine((b) => b.survey_id !== undefined || b.participation_id !== undefined, {
    message: 'Indiquez la participation (participation_id) ou le formulaire (survey_id)',
    path: ['participation_id'],
  })
  .refine((b) => (b.agent_id === undefined) !== (b.user_id === undefined), {
    message: 'Indiquez la personne invitée : agent_id ou user_id (un seul)',
    path: ['agent_id'],
  });

export type CreateContributorInput = z.input<typeof createContributorBody>;
