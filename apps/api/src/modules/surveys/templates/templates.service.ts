import { and, eq, isNull } from 'drizzle-orm';
import { surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { authorize, hasPermission } from '../../../http/authorize';
import { createCrudService } from '../../../http/crud-service';
import { withDbErrors } from '../../../http/db-errors';
import { forbidden, notFound, validationFailed } from '../../../http/errors';
import { getOne, type ParsedFilterGroup, parseQueryObject, runListQuery } from '../../../http/query';
import { includesOf, isPlatformAdmin, requireActor, seesAllCompanies, tenantQuery } from '../../tenancy/companies/tenancy';
import { fixedFilter } from '../surveys/query-filters';
import { requireStructureWriter, writeOwner } from '../surveys/survey-guards';
import { surveyCreateValues, surveyUpdateValues } from '../surveys/survey-values';
import { assertCategory, findSurveyRow, insertSurveyRow } from '../surveys/surveys.repository';
import { templateQueryDef } from '../surveys/surveys.query';
import type { CreateTemplateInput, TemplateStateInput, UpdateTemplateInput } from '../surveys/surveys.schemas';
import { hasPremiumTemplates } from './template-premium';
import { changeTemplateState, checkServedTypes, initialTemplateState, servedTypes } from './template-state';
import { tenancyText } from '../../tenancy/tenancy.texts';
import { templatesText } from './templates.texts';

type Row = Record<string, unknown>;

/**
 * Companies see their own templates and the platform's active ones. A platform admin in
 * the back office (no active company) lists the platform's library, every state: a
 * company's templates are its own business, shown to the admin only through that
 * company's page (`admin/companies/{id}/templates`) and the moderation list
 * (`admin/surveys?templates=yes`), never mixed into the library.
 */
function visibilityFilter(ctx: RequestContext): ParsedFilterGroup | null {
  if (seesAllCompanies(ctx.actor)) return platformOnly();
  if (isPlatformAdmin(ctx.actor)) return null;
  const def = templateQueryDef;
  const own = ctx.actor?.companyId;
  const group = fixedFilter(def, 'active', true);
  if (own != null) group.filters.push(fixedFilter(def, 'company_id', own).filters[0]);
  group.or = true;
  return group;
}

function platformOnly(): ParsedFilterGroup {
  const def = templateQueryDef;
  return { or: false, filters: [{ key: 'company_id', field: def.fields.company_id, operator: 'eq', value: { kind: 'null' }, not: false }] };
}

/** Templates visible to the caller, with the query object; `onlyActive` for choosing one. */
export async function listTemplates(ctx: RequestContext, rawQuery: unknown, onlyActive = false) {
  const { def, scope } = tenantQuery(ctx, templateQueryDef);
  const query = parseQueryObject(rawQuery, def);
  query.filterGroups.push(fixedFilter(def, 'is_template', true));
  const visibility = visibilityFilter(ctx);
  if (visibility) query.filterGroups.push(visibility);
  if (onlyActive) query.filterGroups.push(fixedFilter(def, 'active', true));
  return runListQuery(ctx.db, def, query, scope);
}

export async function getTemplate(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  const { def, scope } = tenantQuery(ctx, templateQueryDef);
  const row = await getOne(ctx.db, def, id, scope, includesOf(rawQuery, def));
  if (row?.is_template !== true) throw notFound();
  if (row.company_id == null && row.active !== true && !isPlatformAdmin(ctx.actor)) throw notFound();
  return row;
}

/** Price and premium flag belong to platform templates (sold to companies). */
function commercialValues(ctx: RequestContext, input: { premium?: boolean; price?: number | null }): Row {
  const values: Row = {};
  if (input.premium !== undefined) values.premium = input.premium;
  if (input.price !== undefined) values.price = input.price;
  if (Object.keys(values).length > 0 && ctx.actor?.companyId != null) {
    throw validationFailed({ premium: [templatesText(ctx.locale, 'platformOnlyPricing')] });
  }
  return values;
}

const base = createCrudService<CreateTemplateInput, UpdateTemplateInput>({
  def: templateQueryDef,
  table: surveys,
  access: {
    list: 'permission',
    get: 'permission',
    create: 'permission',
    update: 'permission',
    delete: 'permission',
    duplicate: 'permission',
  },
  // Creation goes through `create` below (code and template flag).
  prepareCreate: () => {
    throw new Error('templates are created by templatesService.create');
  },
  async prepareUpdate(ctx, input, existing) {
    requireStructureWriter(ctx);
    if (existing.is_template !== true) throw notFound();
    await assertCategory(ctx, input.category_id);
    // `active` follows the template's state: it changes through changestate only.
    const { active: _active, ...rest } = input;
    const values: Row = { ...surveyUpdateValues(rest, existing, ctx.locale), ...commercialValues(ctx, input) };
    if (input.survey_types !== undefined) values.survey_types = input.survey_types;
    checkServedTypes(String(values.type ?? existing.type), servedTypes({ type: String(values.type ?? existing.type), survey_types: (values.survey_types ?? existing.survey_types) as string[] }), ctx.locale);
    return values;
  },
});

/**
 * Templates: reusable survey definitions (survey rows with is_template), the company's
 * own (company_id = the active company) or the platform's (company null, written by
 * platform admins). Their steps and questions are edited through steps/questions.
 */
export const templatesService: typeof base = {
  ...base,
  async list(ctx, rawQuery) {
    authorize(ctx.actor, 'permission', 'templates', 'list');
    return listTemplates(ctx, rawQuery);
  },
  async get(ctx, id, rawQuery) {
    authorize(ctx.actor, 'permission', 'templates', 'show');
    return getTemplate(ctx, id, rawQuery);
  },
  async create(ctx, input) {
    authorize(ctx.actor, 'permission', 'templates', 'create');
    const actor = requireStructureWriter(ctx);
    await assertCategory(ctx, input.category_id);
    const values = { ...surveyCreateValues(input, ctx.locale), ...commercialValues(ctx, input) };
    const types = input.survey_types ?? [values.type];
    checkServedTypes(values.type, types, ctx.locale);
    const created = await withDbErrors(() =>
      insertSurveyRow(ctx.db, {
        ...values,
        ...initialTemplateState(actor.companyId, input.active),
        survey_types: types,
        is_template: true,
        company_id: actor.companyId,
        author_agent_id: actor.agentId,
        author_user_id: actor.userId,
      }),
    );
    return getTemplate(ctx, created.id);
  },
  async remove(ctx, id) {
    authorize(ctx.actor, 'permission', 'templates', 'delete');
    const template = await findSurveyRow(ctx.db, id, writeOwner(ctx));
    if (!template?.is_template) throw notFound();
    await ctx.db.orm
      .update(surveys)
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where(and(eq(surveys.id, id), isNull(surveys.deleted_at)));
  },
};
delete (templatesService as Partial<typeof base>).duplicate;

/** POST templates/{id}/changestate: see template-state.ts; answers the template as read after. */
export async function changeState(ctx: RequestContext, id: number, input: TemplateStateInput): Promise<Row> {
  const { id: changed } = await changeTemplateState(ctx, id, input);
  return getTemplate(ctx, changed);
}

/** GET surveys/type/template: active templates the company may build from (own and platform). */
export async function listAvailableTemplates(ctx: RequestContext, rawQuery: unknown) {
  const actor = requireActor(ctx);
  if (!hasPermission(actor, 'templates.list') && !hasPermission(actor, 'surveys.create')) throw forbidden();
  if (!seesAllCompanies(actor) && actor.companyId == null) {
    throw forbidden(tenancyText(ctx.locale, 'noActiveCompany'), 'no_active_company');
  }
  const page = await listTemplates(ctx, rawQuery, true);
  // Premium platform templates stay listed (with their badge) but say whether this company may use them.
  const premiumOpen = actor.companyId != null && page.rows.some((row) => row.premium === true) ? await hasPremiumTemplates(ctx.db, actor.companyId) : true;
  return { ...page, rows: page.rows.map((row) => ({ ...row, premium_locked: row.premium === true && row.company_id == null && !premiumOpen })) };
}
