import { surveySettingsSchema } from '@app/contracts/surveys';
import { z } from 'zod';
import { choices, questions, steps } from '../../../db/schema';
import { tableRowSchema } from '../../../http/table-row-schema';

/**
 * What the answering page and the phone's offline copy read (API.md "Declaring a
 * response"): the public survey, its company's brief, and the answering definition. The
 * steps, questions and choices are whole rows (answering-structure.ts), so their schemas
 * follow the tables: a new column reaches the answering page without a change here.
 */

/** survey-participation `toPublicSurvey`: opens_at and closes_at are the row's dates. */
export const publicSurveySchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  target_kind: z.string().nullable(),
  status: z.string(),
  active: z.boolean(),
  availability: z.string(),
  opens_at: z.date().nullable(),
  closes_at: z.date().nullable(),
  settings: surveySettingsSchema,
  category_id: z.number().int().nullable(),
});

export const companyBriefSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string(), logo: z.string().nullable() });

const choiceSchema = tableRowSchema(choices);
const questionSchema = tableRowSchema(questions).extend({ choices: z.array(choiceSchema) });
export const definitionStepSchema = tableRowSchema(steps).extend({ questions: z.array(questionSchema) });

/** GET surveys/{id}/participate (and each survey of GET workday). */
export const participationDefinitionSchema = z.object({
  survey: publicSurveySchema,
  company: companyBriefSchema,
  steps: z.array(definitionStepSchema),
});
