import type { SurveyType, TemplateState } from '@app/contracts/surveys';
import { and, eq, sql } from 'drizzle-orm';
import { surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { conflict, forbidden, notFound, validationFailed } from '../../../http/errors';
import { requireActor } from '../../tenancy/companies/tenancy';
import { writeOwner } from '../surveys/survey-guards';
import { findSurveyRow, ownerCondition } from '../surveys/surveys.repository';
import type { TemplateStateInput } from '../surveys/surveys.schemas';
import { templatesText } from './templates.texts';

/**
 * The state a new template starts in: a platform template is a draft until its author
 * publishes it (companies never see a half-built one); a company's own template is usable
 * at once (its author is its only public), retired when created inactive.
 * `active` follows the state, so every reader that asks "usable?" keeps asking `active`.
 */
export function initialTemplateState(companyId: number | null, active?: boolean): { template_state: TemplateState; active: boolean } {
  if (companyId == null) return { template_state: 'draft', active: false };
  return active === false ? { template_state: 'retired', active: false } : { template_state: 'published', active: true };
}

/** 422 unless the template's main type is among the types it serves. */
export function checkServedTypes(type: string, types: readonly string[], locale: string): void {
  if (!types.includes(type)) {
    throw validationFailed({ survey_types: [templatesText(locale, 'mainTypeServed')] });
  }
}

/** The types a template serves: the stored list, or its own type for rows written before the list existed. */
export function servedTypes(template: { type: string; survey_types?: string[] | null }): SurveyType[] {
  const types = template.survey_types?.length ? template.survey_types : [template.type];
  return types as SurveyType[];
}

type RequestedState = NonNullable<TemplateStateInput>['state'];

function targetState(current: TemplateState, requested: RequestedState): TemplateState {
  if (requested === 'active') return 'published';
  if (requested === 'inactive') return 'retired';
  if (requested) return requested;
  return current === 'published' ? 'retired' : 'published';
}

/**
 * POST templates/{id}/changestate: draft, published or retired (no state: published ↔
 * retired). A template is published only with at least one question to answer.
 */
export async function changeTemplateState(ctx: RequestContext, id: number, input: TemplateStateInput): Promise<{ id: number }> {
  const actor = requireActor(ctx);
  if (!hasPermission(actor, 'templates.changestate')) throw forbidden();
  const owner = writeOwner(ctx);
  const template = await findSurveyRow(ctx.db, id, owner);
  if (!template?.is_template) throw notFound();
  const current = (template.template_state ?? (template.active ? 'published' : 'retired')) as TemplateState;
  const next = targetState(current, input?.state);
  if (next === 'published') {
    const [row] = await ctx.db.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM questions q JOIN steps s ON s.id = q.step_id
      WHERE q.survey_id = ${id} AND s.state = 'active' AND q.state = 'active'`);
    if (Number(row?.n ?? 0) === 0) {
      throw conflict(templatesText(ctx.locale, 'templateEmpty'), 'template_empty');
    }
  }
  await ctx.db.orm
    .update(surveys)
    .set({ template_state: next, active: next === 'published', updated_at: new Date() })
    .where(and(eq(surveys.id, id), ownerCondition(owner)));
  return { id };
}
