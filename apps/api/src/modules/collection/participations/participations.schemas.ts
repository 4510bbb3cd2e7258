import { SURVEY_TARGET_KINDS } from '@app/contracts/surveys';
import { z } from 'zod';
import { recordId, recordIdSchema } from '@app/contracts';

const shortText = (max: number) => z.string().trim().max(max).optional().nullable();

export const answerInput = z.object({
  question_id: recordIdSchema('Identifiant de question attendu'),
  value: z.unknown(),
});

export const geolocationInput = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().min(0).optional().nullable(),
});

/**
 * A participation as a client sends it (API.md "Participations"): the whole current
 * state of the respondent's answers, under a client-generated idempotency key.
 */
export const submitParticipationBody = z
  .object({
    survey_id: recordId.optional(),
    survey_code: z.string().trim().min(1).max(40).optional(),
    client_uuid: z
      .string({ message: 'La clé client_uuid est obligatoire' })
      .regex(/^[A-Za-z0-9_-]{8,100}$/, 'client_uuid : 8 à 100 lettres, chiffres, - ou _'),
    status: z.enum(['in_progress', 'submitted']).default('submitted'),
    answers: z.array(answerInput).max(1000).default([]),
    participant: z
      .object({ name: shortText(160), phone: shortText(32), email: shortText(160) })
      .optional()
      .nullable(),
    ref: shortText(255),
    src: shortText(255),
    target: z.object({ kind: z.enum(SURVEY_TARGET_KINDS), id: recordId }).optional().nullable(),
    geolocation: geolocationInput.optional().nullable(),
    device_ref: shortText(120),
    /**
     * When the respondent finished, by the phone's clock (a visit made offline and sent
     * later), so late reports keep the time they were made. Believed only from a signed-in
     * respondent and within MADE_AT_MAX_AGE_DAYS (submission.service.ts, which dates it).
     */
    made_at: z.iso.datetime({ offset: true, message: 'made_at : date et heure ISO 8601 attendues' }).optional().nullable(),
  })
  .refine((b) => b.survey_id !== undefined || b.survey_code !== undefined, {
    message: 'Indiquez le formulaire (survey_id ou survey_code)',
    path: ['survey_id'],
  });

export type SubmitParticipationInput = z.input<typeof submitParticipationBody>;
export type SubmitParticipationData = z.output<typeof submitParticipationBody>;
