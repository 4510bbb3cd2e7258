import { CODE_ONLY_TARGET_KINDS, type CodedTargetKind, type SurveyTargetChoices, TARGET_CODE_PATTERN } from '@app/contracts/targets';
import { readSurveySettings, type SurveyTargetKind } from '@app/contracts/surveys';
import type { SurveyRef } from '@app/contracts/survey-ref';
import type { RequestContext } from '../../../http/actor';
import { notFound, unauthorized } from '../../../http/errors';
import { findCompanyBrief, findSurveyForCaller } from '../../surveys/surveys/survey-participation';
import { surveyAnsweringText } from '../../surveys/surveys/survey-answering.texts';
import { ensureTargetCodes, findTargetCode } from './target-codes.repository';
import { loadTarget, searchTargets, type TargetRow } from './targets.repository';

/** Targets shown at once to a respondent picking one; a search narrows the rest. */
export const SURVEY_TARGETS_SHOWN = 50;

/** Kinds an evaluation survey with no `target_kind` may be answered about (places and teams). */
const ANY_KIND_LISTED: readonly CodedTargetKind[] = ['site', 'workspace', 'group'];

const choiceOf = (kind: SurveyTargetKind, row: TargetRow, code: string) => ({
  kind,
  id: row.id,
  code,
  name: row.name,
  site_name: row.site_name !== null && row.site_name !== row.name ? row.site_name : null,
});

/**
 * GET surveys/{code}/targets: what a respondent of the survey's own link (no target in
 * it) may evaluate. Anyone holding the survey's code (the survey's company only, never
 * another's: every statement is scoped to it); 404 for a survey that is not an open or
 * closed evaluation, like an unknown code.
 */
export async function listSurveyTargets(ctx: RequestContext, ref: SurveyRef, query: string): Promise<SurveyTargetChoices> {
  const survey = await findSurveyForCaller(ctx, ref);
  if (!survey || survey.company_id === null || survey.type !== 'evaluation' || !['published', 'closed'].includes(survey.status)) throw notFound();
  if (readSurveySettings(survey.settings).sign_in_required && !ctx.actor) {
    throw unauthorized(surveyAnsweringText(ctx.locale, 'signInRequired'), 'sign_in_required');
  }
  const companyId = survey.company_id;
  const kind = (survey.target_kind ?? null) as SurveyTargetKind | null;
  const text = query.trim();
  if (kind === 'company') {
    const company = await findCompanyBrief(ctx.db, companyId);
    return { kind, listed: true, targets: [{ kind, id: company.id, code: company.code, name: company.name, site_name: null }], more: false };
  }
  const kinds = kind ? [kind as CodedTargetKind] : ANY_KIND_LISTED;
  // An exact public code first, whatever the kind (people are found only this way).
  const byCode = TARGET_CODE_PATTERN.test(text) ? await findTargetCode(ctx.db, text) : null;
  const exact = byCode && byCode.company_id === companyId && kinds.includes(byCode.kind as CodedTargetKind) ? await loadTarget(ctx.db, companyId, byCode.kind, byCode.id) : null;
  const listed = !kinds.every((k) => CODE_ONLY_TARGET_KINDS.includes(k));
  const out: SurveyTargetChoices = { kind: kind ?? kinds[0]!, listed, targets: exact && byCode ? [choiceOf(byCode.kind, exact, byCode.code)] : [], more: false };
  if (!listed) return out;
  for (const k of kinds) {
    if (CODE_ONLY_TARGET_KINDS.includes(k)) continue;
    const rows = (await searchTargets(ctx.db, companyId, k, text, SURVEY_TARGETS_SHOWN + 1)).filter((r) => !(exact && byCode?.kind === k && r.id === exact.id));
    if (rows.length > SURVEY_TARGETS_SHOWN) out.more = true;
    const shown = rows.slice(0, SURVEY_TARGETS_SHOWN);
    const codes = await ensureTargetCodes(
      ctx.db,
      companyId,
      k,
      shown.map((r) => r.id),
    );
    for (const row of shown) out.targets.push(choiceOf(k, row, codes.get(row.id)!));
  }
  if (out.targets.length > SURVEY_TARGETS_SHOWN) {
    out.targets.length = SURVEY_TARGETS_SHOWN;
    out.more = true;
  }
  return out;
}
