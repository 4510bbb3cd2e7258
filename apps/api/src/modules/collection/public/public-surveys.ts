import { isSurveyIdRef } from '@app/contracts/survey-ref';
import { readSurveySettings } from '@app/contracts/surveys';
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { surveys } from '../../../db/schema';
import { findPublicCompanyByCode } from '../../tenancy/companies/companies.repository';
import {
  countSubmittedParticipations,
  findCompanyBrief,
  findSurveyByRef,
  surveyRefusal,
  toPublicSurvey,
} from '../../surveys/surveys/survey-participation';
import { normalizeSurveyCode } from '../../surveys/surveys/survey-code';
import { registerPublicObject } from './public-objects';
import { SURVEY_REFUSAL_MESSAGES } from '@app/contracts/surveys';

/** How many open surveys a company code lists at most. */
const COMPANY_SURVEYS_LIMIT = 100;

/**
 * `survey` (and `su`, the public link's type): a survey by its code, once published —
 * drafts are not public. Says whether it accepts participations now and whether signing
 * in is required.
 */
registerPublicObject(['survey', 'su'], async (ctx, code) => {
  // Digits alone would be read as a survey id, which must not open a link-only survey.
  if (!/^[A-Za-z0-9]{4,16}$/.test(code.trim()) || isSurveyIdRef(code)) return null;
  const survey = await findSurveyByRef(ctx.db, normalizeSurveyCode(code));
  if (!survey || !['published', 'closed'].includes(survey.status)) return null;
  const settings = readSurveySettings(survey.settings);
  const submitted = settings.quota != null ? await countSubmittedParticipations(ctx.db, survey.id) : undefined;
  const refusal = surveyRefusal(survey, new Date(), submitted);
  return {
    type: 'survey',
    survey: toPublicSurvey(survey),
    company: await findCompanyBrief(ctx.db, survey.company_id!),
    requires_sign_in: settings.sign_in_required,
    accepts_participations: refusal === null,
    refusal: refusal && { reason: refusal, message: SURVEY_REFUSAL_MESSAGES[refusal] },
  };
});

/** `company`: a company by its code, with the surveys it currently opens to answers. */
registerPublicObject(['company', 'co'], async (ctx, code) => {
  const company = await findPublicCompanyByCode(ctx.db, code);
  if (!company) return null;
  const now = new Date();
  const rows = await ctx.db.orm
    .select()
    .from(surveys)
    .where(
      and(
        eq(surveys.company_id, company.id),
        eq(surveys.is_template, false),
        isNull(surveys.deleted_at),
        eq(surveys.status, 'published'),
        eq(surveys.active, true),
        eq(surveys.availability, 'available'),
        or(isNull(surveys.opens_at), lte(surveys.opens_at, now)),
        or(isNull(surveys.closes_at), gt(surveys.closes_at, now)),
      ),
    )
    .orderBy(desc(surveys.published_at), desc(surveys.id))
    .limit(COMPANY_SURVEYS_LIMIT);
  return {
    type: 'company',
    company: { id: company.id, name: company.name, code: company.code, logo: company.logo },
    surveys: rows.map(toPublicSurvey),
  };
});
