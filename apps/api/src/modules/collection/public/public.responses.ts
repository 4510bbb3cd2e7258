import { z } from 'zod';
import { companyBriefSchema, publicSurveySchema } from '../../surveys/surveys/participation-definition.schema';

/**
 * GET public/getobject/{type}/{code}: what each registered type answers (public-surveys.ts,
 * targets/public-targets.ts, tenancy/invitations/public-invitation.ts), told apart by `type`.
 */
const targetView = {
  kind: z.string(),
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  site: z.object({ id: z.number().int(), name: z.string() }).nullable(),
};

const publicSurveyObject = z.object({
  type: z.literal('survey'),
  survey: publicSurveySchema,
  company: companyBriefSchema,
  requires_sign_in: z.boolean(),
  accepts_participations: z.boolean(),
  refusal: z.object({ reason: z.string(), message: z.string() }).nullable(),
});

const publicCompanyObject = z.object({
  type: z.literal('company'),
  company: companyBriefSchema,
  surveys: z.array(publicSurveySchema),
  targets: z.array(z.object({ ...targetView, path: z.string() })),
});

const publicTargetObject = z.object({
  type: z.literal('target'),
  target: z.object(targetView),
  company: companyBriefSchema,
  surveys: z.array(publicSurveySchema),
});

const publicInvitationObject = z.object({
  type: z.literal('invitation'),
  invitation: z.object({
    id: z.number().int(),
    code: z.string(),
    status: z.string(),
    job: z.string().nullable(),
    expires_at: z.string(),
    created_at: z.string(),
    host: z.string().nullable(),
  }),
  company: companyBriefSchema,
});

export const publicObjectSchema = z.discriminatedUnion('type', [publicSurveyObject, publicCompanyObject, publicTargetObject, publicInvitationObject]);
