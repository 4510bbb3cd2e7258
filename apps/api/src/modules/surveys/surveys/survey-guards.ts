import { isSurveyEditable } from '@app/contracts/surveys';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Actor, RequestContext } from '../../../http/actor';
import { conflict, forbidden, notFound, validationFailed } from '../../../http/errors';
import { isPlatformAdmin, requireActor, seesAllCompanies } from '../../tenancy/companies/tenancy';
import { findSurveyRow, type Owner, type SurveyRow } from './surveys.repository';
import { tenancyText } from '../../tenancy/tenancy.texts';
import { surveyLifecycleText, surveyStatusWord } from './survey-lifecycle.texts';

/**
 * A caller who writes survey structure: an agent of the active company, or a platform
 * admin (who, without a company, writes platform rows: templates and default questions).
 */
export function requireStructureWriter(ctx: RequestContext): Actor {
  const actor = requireActor(ctx);
  if (actor.companyId == null && !isPlatformAdmin(actor)) {
    throw forbidden(tenancyText(ctx.locale, 'noActiveCompany'), 'no_active_company');
  }
  return actor;
}

/** The rows a caller writes: its company's, or the platform's for an admin without one. */
export function writeOwner(ctx: RequestContext): Owner {
  return { companyId: requireStructureWriter(ctx).companyId };
}

/** The rows a caller reads or acts on: every company's for a platform admin in the back office. */
export function readOwner(ctx: RequestContext): Owner {
  return seesAllCompanies(ctx.actor) ? 'any' : { companyId: requireActor(ctx).companyId };
}

/** 409 unless the survey's structure may change (draft or rejected; templates always), in `locale`. */
export function assertStructureEditable(locale: string, survey: Pick<SurveyRow, 'status' | 'is_template'>): void {
  if (survey.is_template || isSurveyEditable(survey.status)) return;
  throw conflict(surveyLifecycleText(locale, 'structureLocked', { status: surveyStatusWord(locale, survey.status) }), 'survey_locked');
}

/**
 * The caller's survey, checked editable (409 when locked). Not the caller's: 422 on
 * `field` when the id came in a body field (e.g. `survey_id` of a new step), else 404.
 */
export async function findEditableSurvey(ctx: RequestContext, surveyId: number, field?: string): Promise<SurveyRow> {
  const survey = await findSurveyRow(ctx.db, surveyId, writeOwner(ctx));
  if (!survey) throw field ? validationFailed({ [field]: [surveyLifecycleText(ctx.locale, 'surveyNotFound')] }) : notFound();
  assertStructureEditable(ctx.locale, survey);
  return survey;
}

/** The survey of an existing structure row (step, question), checked editable. */
export async function assertParentEditable(ctx: RequestContext, surveyId: number | null): Promise<SurveyRow | null> {
  if (surveyId == null) return null;
  const survey = await findSurveyRow(ctx.db, surveyId, 'any');
  if (!survey) throw notFound();
  assertStructureEditable(ctx.locale, survey);
  return survey;
}

type OwnedTable = PgTable & { id: PgColumn; company_id: PgColumn };

/** One row of a company-owned table that the caller may write, or 404. */
export async function findWritableRow<T extends OwnedTable>(ctx: RequestContext, table: T, id: number): Promise<T['$inferSelect']> {
  const owner = writeOwner(ctx);
  const tenant: SQL =
    owner !== 'any' && owner.companyId != null ? eq(table.company_id, owner.companyId) : isNull(table.company_id);
  const [row] = await ctx.db.orm.select().from(table as PgTable).where(and(eq(table.id, id), tenant));
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}
