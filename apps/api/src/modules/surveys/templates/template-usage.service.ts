import { and, eq, isNull, or } from 'drizzle-orm';
import { surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound, validationFailed } from '../../../http/errors';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { requireStructureWriter } from '../surveys/survey-guards';
import { checkSurveyShape } from '../surveys/survey-values';
import { copySurvey, findCallerSurvey, getSurvey } from '../surveys/surveys.service';
import type { SurveyRow } from '../surveys/surveys.repository';
import type { FromTemplateInput } from '../surveys/surveys.schemas';
import { assertPremiumAllowed } from './template-premium';
import { initialTemplateState, servedTypes } from './template-state';
import { getTemplate } from './templates.service';
import { templatesText } from './templates.texts';

type Row = Record<string, unknown>;

/** An active template the company may use: its own or the platform's; else 404. */
async function findUsableTemplate(ctx: RequestContext, id: number, companyId: number): Promise<SurveyRow> {
  const [row] = await ctx.db.orm
    .select()
    .from(surveys)
    .where(
      and(
        eq(surveys.id, id),
        eq(surveys.is_template, true),
        eq(surveys.active, true),
        isNull(surveys.deleted_at),
        or(eq(surveys.company_id, companyId), isNull(surveys.company_id)),
      ),
    );
  if (!row) throw notFound();
  return row;
}

const toDate = (value: string | null | undefined) => (value == null ? null : new Date(value));

/**
 * POST surveys/{id}/createfromtemplate ({id}: a template): a draft survey of the active
 * company with the template's structure; the body may rename it and set its window.
 */
export async function createSurveyFromTemplate(ctx: RequestContext, templateId: number, input: FromTemplateInput): Promise<Row> {
  requirePermission(ctx, 'surveys.create');
  const { companyId } = requireCompany(ctx);
  const template = await findUsableTemplate(ctx, templateId, companyId);
  await assertPremiumAllowed(ctx, template, companyId);
  const body = input ?? {};
  const type = body.type ?? template.type;
  const served = servedTypes(template);
  if (!served.includes(type)) {
    throw validationFailed({ type: [templatesText(ctx.locale, 'servesTypes', { types: served.join(', ') })] });
  }
  const overrides = {
    company_id: companyId,
    is_template: false,
    premium: false,
    price: null,
    template_id: template.id,
    template_state: null,
    survey_types: [],
    active: true,
    availability: 'available' as const,
    title: body.title ?? template.title,
    description: body.description !== undefined ? body.description : template.description,
    type,
    target_kind: body.target_kind !== undefined ? body.target_kind : type === 'evaluation' ? template.target_kind : null,
    opens_at: toDate(body.opens_at),
    closes_at: toDate(body.closes_at),
  };
  checkSurveyShape(overrides, ctx.locale);
  const survey = await copySurvey(ctx, template, overrides);
  return getSurvey(ctx, survey.id);
}

/**
 * POST surveys/{id}/copy: saves a survey as a template of the active company (a platform
 * template, in draft, when a platform admin works outside any company), structure included.
 */
export async function copySurveyAsTemplate(ctx: RequestContext, surveyId: number, input: { title?: string } | null | undefined): Promise<Row> {
  requirePermission(ctx, 'surveys.copy');
  const actor = requireStructureWriter(ctx);
  const source = await findCallerSurvey(ctx, surveyId);
  const template = await copySurvey(ctx, source, {
    company_id: actor.companyId,
    is_template: true,
    premium: false,
    price: null,
    template_id: null,
    ...initialTemplateState(actor.companyId),
    survey_types: servedTypes(source),
    title: input?.title ?? source.title,
  });
  return getTemplate(ctx, template.id);
}
