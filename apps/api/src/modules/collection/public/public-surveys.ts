import { isSurveyIdRef } from '@app/contracts/survey-ref';
import { readSurveySettings } from '@app/contracts/surveys';
import { findPublicCompanyByCode } from '../../tenancy/companies/companies.repository';
import {
  countSubmittedParticipations,
  findCompanyBrief,
  findSurveyByRef,
  findSuspendedCompanySurvey,
  surveyRefusal,
  toPublicSurvey,
} from '../../surveys/surveys/survey-participation';
import { normalizeSurveyCode } from '../../surveys/surveys/survey-code';
import { listedTargets } from '../targets/public-targets';
import { findOpenSurveys } from './open-surveys';
import { registerPublicObject } from './public-objects';
import type { RequestContext } from '../../../http/actor';
import { surveyAnsweringText } from '../../surveys/surveys/survey-answering.texts';

/**
 * `survey` (and `su`, the public link's type): a survey by its code, once published —
 * drafts are not public. Says whether it accepts participations now and whether signing
 * in is required.
 */
registerPublicObject(['survey', 'su'], async (ctx, code) => {
  // Digits alone would be read as a survey id, which must not open a link-only survey.
  if (!/^[A-Za-z0-9]{4,16}$/.test(code.trim()) || isSurveyIdRef(code)) return null;
  const survey = await findSurveyByRef(ctx.db, normalizeSurveyCode(code));
  if (!survey) return suspendedCompanySurvey(ctx, code);
  if (!['published', 'closed'].includes(survey.status)) return null;
  const settings = readSurveySettings(survey.settings);
  const submitted = settings.quota != null ? await countSubmittedParticipations(ctx.db, survey.id) : undefined;
  const refusal = surveyRefusal(survey, new Date(), submitted);
  return {
    type: 'survey',
    survey: toPublicSurvey(survey),
    company: await findCompanyBrief(ctx.db, survey.company_id!),
    requires_sign_in: settings.sign_in_required,
    accepts_participations: refusal === null,
    refusal: refusal && { reason: refusal, message: surveyAnsweringText(ctx.locale, refusal) },
  };
});

/** A suspended company's survey link: still found, saying the company is unavailable (no answers). */
async function suspendedCompanySurvey(ctx: RequestContext, code: string) {
  const found = await findSuspendedCompanySurvey(ctx.db, code);
  if (!found) return null;
  return {
    type: 'survey',
    survey: toPublicSurvey(found.survey),
    company: found.company,
    requires_sign_in: readSurveySettings(found.survey.settings).sign_in_required,
    accepts_participations: false,
    refusal: { reason: 'company_unavailable' as const, message: surveyAnsweringText(ctx.locale, 'company_unavailable') },
  };
}

/**
 * `company` (and `co`): a company by its code, with the surveys it currently opens to
 * the public's answers (not the supervisors' grids) and the targets its evaluation surveys rate (public-targets.ts).
 */
registerPublicObject(['company', 'co'], async (ctx, code) => {
  const company = await findPublicCompanyByCode(ctx.db, code);
  if (!company) return null;
  // Read by anyone: the surveys meant for the public only (no supervision grid).
  const rows = await findOpenSurveys(ctx.db, company.id, undefined, { forThePublic: true });
  return {
    type: 'company',
    company: { id: company.id, name: company.name, code: company.code, logo: company.logo },
    surveys: rows.map(toPublicSurvey),
    targets: await listedTargets(ctx.db, company.id, rows),
  };
});
