import { SURVEY_TARGET_KINDS, SURVEY_TYPES, surveySettingsPatchSchema, TEMPLATE_STATES } from '@app/contracts/surveys';
import { z } from 'zod';
import { instantSchema, int4, recordId } from '@app/contracts';

const title = z.string().trim().min(2, 'Le titre doit contenir au moins 2 caractères').max(200);
const description = z.string().trim().max(5000).nullable().optional();
const instant = instantSchema().nullable().optional();
const ref = recordId.nullable().optional();
const surveyType = z.enum(SURVEY_TYPES, { message: 'Type inconnu (form, evaluation ou contribution)' });
const targetKind = z
  .enum(SURVEY_TARGET_KINDS, { message: 'Cible inconnue (agent, group, site, workspace, audience ou company)' })
  .nullable()
  .optional();

/** Settings sent by the client: every key optional, merged over the stored ones. */
export const surveySettingsPatch = surveySettingsPatchSchema;

/** `code`, `status`, `company_id` and the lifecycle dates are the server's: unknown keys are dropped. */
export const createSurveyBody = z.object({
  title,
  description,
  type: surveyType.default('form'),
  target_kind: targetKind,
  opens_at: instant,
  closes_at: instant,
  settings: surveySettingsPatch.optional(),
  category_id: ref,
  active: z.boolean().optional(),
  availability: z.enum(['available', 'unavailable']).optional(),
});

export const updateSurveyBody = createSurveyBody.omit({ type: true }).partial().extend({ type: surveyType.optional() });

/** The survey types a template serves: at least one, each once. */
const surveyTypes = z
  .array(surveyType)
  .min(1, 'Indiquez au moins un type de formulaire servi par ce modèle.')
  .max(SURVEY_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'Chaque type ne figure qu’une fois.');

/** Templates add the types they serve and the commercial fields (platform templates only). */
export const createTemplateBody = createSurveyBody.extend({
  survey_types: surveyTypes.optional(),
  premium: z.boolean().optional(),
  price: int4({ min: 0 }).nullable().optional(),
});
export const updateTemplateBody = updateSurveyBody.extend({
  survey_types: surveyTypes.optional(),
  premium: z.boolean().optional(),
  price: int4({ min: 0 }).nullable().optional(),
});

/**
 * POST templates/{id}/changestate: draft, published or retired; `active` and `inactive`
 * (the word of the other changestate routes) mean published and retired; no state toggles.
 */
export const templateStateBody = z
  .object({
    state: z
      .enum([...TEMPLATE_STATES, 'active', 'inactive'], { message: 'État inconnu (draft, published ou retired)' })
      .optional(),
  })
  .nullish();

export const rejectSurveyBody = z.object({ comment: z.string().trim().max(1000).nullable().optional() }).nullish();
export const activeSurveyBody = z.object({ active: z.boolean().optional() }).nullish();
export const availabilityBody = z
  .object({ availability: z.enum(['available', 'unavailable'], { message: 'Disponibilité : available ou unavailable' }).optional() })
  .nullish();

export const copySurveyBody = z.object({ title: title.optional() }).nullish();

export const fromTemplateBody = z
  .object({
    title: title.optional(),
    description,
    type: surveyType.optional(),
    target_kind: targetKind,
    opens_at: instant,
    closes_at: instant,
  })
  .nullish();

export const reorderStepsBody = z.object({
  step_ids: z.array(recordId).max(500, 'Au plus 500 étapes'),
});

export const surveyPolicyBody = z.object({ publication_requires_approval: z.boolean() });

export type CreateSurveyInput = z.infer<typeof createSurveyBody>;
export type UpdateSurveyInput = z.infer<typeof updateSurveyBody>;
export type CreateTemplateInput = z.infer<typeof createTemplateBody>;
export type UpdateTemplateInput = z.infer<typeof updateTemplateBody>;
export type FromTemplateInput = z.infer<typeof fromTemplateBody>;
export type TemplateStateInput = z.infer<typeof templateStateBody>;
