import { z } from 'zod';

/** What the survey results routes answer (API.md "Survey results"; SurveyResults and QuestionAnswerEntry of the contracts). */

const countShare = {
  count: z.number().int(),
  percent: z.number().describe('Part des participations qui ont répondu à la question, de 0 à 100'),
};

/** One question's aggregates (question-results.ts): each block only for the question types it concerns. */
const questionResult = z.object({
  question_id: z.number().int(),
  step_id: z.number().int().nullable(),
  label: z.string(),
  type: z.string(),
  answered: z.number().int().describe('Participations (du filtre) qui ont répondu'),
  answer_rate: z.number().describe('answered / participations, en pourcentage'),
  choices: z
    .array(
      z.object({
        id: z.number().int(),
        label: z.string(),
        ...countShare,
        average_position: z.number().nullable().optional().describe('Classement : position moyenne'),
        first: z.number().int().optional().describe('Classement : fois placé premier'),
      }),
    )
    .optional(),
  stats: z.object({ average: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable(), sum: z.number().nullable() }).optional(),
  distribution: z.array(z.object({ value: z.number(), label: z.string(), ...countShare })).optional(),
  nps: z.object({ promoters: z.number().int(), passives: z.number().int(), detractors: z.number().int(), score: z.number().nullable() }).optional(),
  rows: z
    .array(
      z.object({
        id: z.string(),
        label: z.string(),
        answered: z.number().int(),
        columns: z.array(z.object({ id: z.string(), label: z.string(), ...countShare })),
      }),
    )
    .optional(),
  dates: z.object({ min: z.string().nullable(), max: z.string().nullable() }).optional().describe('Date : la plus ancienne et la plus récente (AAAA-MM-JJ)'),
});

/** GET surveys/{id}/results (results.service.ts `summariseResults`). */
export const surveyResults = z.object({
  survey: z.object({ id: z.number().int(), code: z.string(), title: z.string(), type: z.string() }),
  filters: z.object({ from: z.string().nullable(), to: z.string().nullable(), status: z.array(z.string()) }),
  participations: z.object({
    total: z.number().int(),
    by_status: z.record(z.string(), z.number().int()),
    average_score: z.number().nullable(),
    first_submitted_at: z.string().nullable(),
    last_submitted_at: z.string().nullable(),
  }),
  questions: z.array(questionResult),
});

/** One of a question's latest answers (question-answers.service.ts). */
export const questionAnswerEntry = z.object({
  participation_id: z.number().int(),
  submitted_at: z.string().nullable().describe('Instant ISO 8601 en UTC'),
  respondent: z.string().nullable().describe('Le nom du répondant ; toujours null pour une enquête anonyme'),
  display: z.string().describe('La réponse en texte français (le nom du fichier pour un fichier ou une photo)'),
  media: z.object({ id: z.number().int(), kind: z.enum(['image', 'file']), mime: z.string(), original_name: z.string().nullable() }).nullable(),
});
