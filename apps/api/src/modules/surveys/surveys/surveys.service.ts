import { and, eq, inArray, isNull } from 'drizzle-orm';
import { surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { createCrudService } from '../../../http/crud-service';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, notFound } from '../../../http/errors';
import { surveyLifecycleText } from './survey-lifecycle.texts';
import { getOne, parseQueryObject, runListQuery } from '../../../http/query';
import { assertWithinLimit } from '../../commerce/entitlements/limits';
import { includesOf, requireCompany, requirePermission, tenantQuery } from '../../tenancy/companies/tenancy';
import { addDefaultQuestions } from './default-questions';
import { copyName } from '../../../http/copy-name';
import { fixedFilter } from './query-filters';
import { assertStructureEditable, readOwner } from './survey-guards';
import { copySurveyStructure } from './survey-structure';
import { LIVE_SURVEY_KEYS, surveyCreateValues, surveyUpdateValues } from './survey-values';
import { assertCategory, findSurveyRow, insertSurveyRow, type SurveyRow } from './surveys.repository';
import { surveyQueryDef } from './surveys.query';
import type { CreateSurveyInput, UpdateSurveyInput } from './surveys.schemas';

type Row = Record<string, unknown>;

/** One survey as the API shows it (templates of the company included), or 404. */
export async function getSurvey(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  const { def, scope } = tenantQuery(ctx, surveyQueryDef);
  const row = await getOne(ctx.db, def, id, scope, includesOf(rawQuery, def));
  if (!row) throw notFound();
  return row;
}

/** The caller's survey row (any company's for a platform admin in the back office), or 404. */
export async function findCallerSurvey(ctx: RequestContext, id: number): Promise<SurveyRow> {
  const survey = await findSurveyRow(ctx.db, id, readOwner(ctx));
  if (!survey) throw notFound();
  return survey;
}

/** A deep copy (steps, questions, choices) under a new code, back to draft. */
export async function copySurvey(
  ctx: RequestContext,
  source: SurveyRow,
  overrides: Partial<SurveyRow> & { company_id: number | null },
): Promise<SurveyRow> {
  const actor = ctx.actor!;
  return withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      const { id: _id, code: _code, created_at: _c, updated_at: _u, ...rest } = source;
      const isTemplate = overrides.is_template ?? source.is_template;
      if (overrides.company_id != null && !isTemplate) await assertWithinLimit(tx, overrides.company_id, 'surveys', ctx.locale);
      const copy = await insertSurveyRow(tx, {
        ...rest,
        status: 'draft',
        submitted_at: null,
        published_at: null,
        closed_at: null,
        rejection_comment: null,
        deleted_at: null,
        author_agent_id: actor.agentId,
        author_user_id: actor.userId,
        ...overrides,
      });
      await copySurveyStructure(tx, source.id, copy.id, copy.company_id);
      return copy;
    }),
  );
}

const base = createCrudService<CreateSurveyInput, UpdateSurveyInput>({
  def: surveyQueryDef,
  table: surveys,
  access: {
    list: 'permission',
    get: 'permission',
    create: 'permission',
    update: 'permission',
    delete: 'permission',
    duplicate: 'permission',
  },
  // Creation goes through `create` below (code, author, default questions).
  prepareCreate: () => {
    throw new Error('surveys are created by surveysService.create');
  },
  async prepareUpdate(ctx, input, existing) {
    requireCompany(ctx);
    if (existing.is_template !== true && !['draft', 'rejected'].includes(existing.status as string)) {
      const locked = Object.keys(input).filter(
        (key) => (input as Row)[key] !== undefined && !(LIVE_SURVEY_KEYS as readonly string[]).includes(key),
      );
      if (locked.length > 0) assertStructureEditable(ctx.locale, existing as Pick<SurveyRow, 'status' | 'is_template'>);
    }
    // The toggles have their own permissions (POST surveys/{id}/active, changeavailability):
    // changing them through the update must not bypass those.
    if (input.active !== undefined && input.active !== existing.active) requirePermission(ctx, 'surveys.active');
    if (input.availability !== undefined && input.availability !== existing.availability) requirePermission(ctx, 'surveys.changeavailability');
    await assertCategory(ctx, input.category_id);
    return surveyUpdateValues(input, existing, ctx.locale);
  },
});

/**
 * Surveys of the active company: the regular resource pattern, plus the rules of
 * DOMAIN.md (code, author, default questions of evaluations, locked once submitted).
 */
export const surveysService: typeof base = {
  ...base,
  async list(ctx, rawQuery) {
    authorize(ctx.actor, 'permission', 'surveys', 'list');
    const { def, scope } = tenantQuery(ctx, surveyQueryDef);
    const query = parseQueryObject(rawQuery, def);
    query.filterGroups.push(fixedFilter(def, 'is_template', false));
    return runListQuery(ctx.db, def, query, scope);
  },
  async get(ctx, id, rawQuery) {
    authorize(ctx.actor, 'permission', 'surveys', 'show');
    return getSurvey(ctx, id, rawQuery);
  },
  async create(ctx, input) {
    authorize(ctx.actor, 'permission', 'surveys', 'create');
    const { actor, companyId } = requireCompany(ctx);
    await assertCategory(ctx, input.category_id);
    const values = surveyCreateValues(input, ctx.locale);
    const created = await withDbErrors(() =>
      ctx.db.transaction(async (tx) => {
        await assertWithinLimit(tx, companyId, 'surveys', ctx.locale);
        const survey = await insertSurveyRow(tx, {
          ...values,
          company_id: companyId,
          author_agent_id: actor.agentId,
          author_user_id: actor.userId,
        });
        await addDefaultQuestions(tx, survey, ctx.locale);
        return survey;
      }),
    );
    return getSurvey(ctx, created.id);
  },
  async remove(ctx, id) {
    authorize(ctx.actor, 'permission', 'surveys', 'delete');
    const { companyId } = requireCompany(ctx);
    const survey = await findSurveyRow(ctx.db, id, { companyId });
    if (!survey) throw notFound();
    if (survey.status === 'submitted' || survey.status === 'published') {
      throw conflict(surveyLifecycleText(ctx.locale, survey.status === 'published' ? 'deletePublished' : 'deletePending'), 'survey_live');
    }
    const removed = await ctx.db.orm
      .update(surveys)
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where(
        and(eq(surveys.id, id), isNull(surveys.deleted_at), inArray(surveys.status, ['draft', 'rejected', 'closed'])),
      )
      .returning({ id: surveys.id });
    if (removed.length === 0) throw conflict(surveyLifecycleText(ctx.locale, 'changedMeanwhile'), 'survey_changed');
  },
  async duplicate(ctx, id) {
    authorize(ctx.actor, 'permission', 'surveys', 'create');
    const { companyId } = requireCompany(ctx);
    const source = await findSurveyRow(ctx.db, id, { companyId });
    if (!source) throw notFound();
    const copy = await copySurvey(ctx, source, { company_id: companyId, title: copyName(ctx.locale, source.title, 200) });
    return getSurvey(ctx, copy.id);
  },
};
