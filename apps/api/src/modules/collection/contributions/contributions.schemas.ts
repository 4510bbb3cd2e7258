import { z } from 'zod';
import { answerInput } from '../participations/participations.schemas';
import { recordId } from '@app/contracts';

/** A contributor's answers to their part of a participation (the whole current state of it). */
export const saveContributionBody = z.object({
  participation_id: recordId,
  /** Optional idempotency key of the contributor's client (unique across contributions). */
  client_uuid: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'client_uuid : 8 à 100 lettres, chiffres, - ou _')
    .optional(),
  answers: z.array(answerInput).max(1000).default([]),
  /** The contributor has finished their part: their required questions are enforced. */
  done: z.boolean().default(false),
});

export type SaveContributionInput = z.input<typeof saveContributionBody>;
