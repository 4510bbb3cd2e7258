import { canTransition, SURVEY_TRANSITIONS, type SurveyTransition } from '@app/contracts/surveys';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { approvals, questions, steps, surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, notFound, validationFailed } from '../../../http/errors';
import { insertApproval } from '../../tenancy/approvals/approvals.repository';
import { requirePermission } from '../../tenancy/companies/tenancy';
import { readOwner } from './survey-guards';
import { findSurveyPolicy } from './survey-policies';
import { SURVEY_PUBLICATION } from './survey-publication';
import { surveyLifecycleText, transitionRefusal } from './survey-lifecycle.texts';
import { getSurvey } from './surveys.service';
import { findSurveyRow, type SurveyRow, updateSurveyRow } from './surveys.repository';

type Row = Record<string, unknown>;

/** The caller's survey for a lifecycle action (permission `surveys.{action}`); templates have none. */
async function findActionable(ctx: RequestContext, id: number, action: string): Promise<SurveyRow> {
  requirePermission(ctx, `surveys.${action}`);
  const survey = await findSurveyRow(ctx.db, id, readOwner(ctx));
  if (!survey) throw notFound();
  if (survey.is_template) {
    throw conflict(surveyLifecycleText(ctx.locale, 'templateHasNoLifecycle'), 'template_lifecycle');
  }
  return survey;
}

/**
 * Applies a transition if the survey is still in a status it starts from (a concurrent
 * transition makes the second caller's update match nothing: 409 with the new status).
 */
async function applyTransition(db: Database, locale: string, survey: SurveyRow, action: SurveyTransition, values: Partial<SurveyRow>): Promise<SurveyRow> {
  const rule = SURVEY_TRANSITIONS[action];
  const row = await updateSurveyRow(db, survey.id, { ...values, status: rule.to }, inArray(surveys.status, [...rule.from]));
  if (row) return row;
  const now = await findSurveyRow(db, survey.id, 'any');
  if (!now) throw notFound();
  throw conflict(transitionRefusal(locale, action, now.status), 'invalid_transition');
}

function assertTransition(locale: string, survey: SurveyRow, action: SurveyTransition): void {
  if (!canTransition(action, survey.status)) throw conflict(transitionRefusal(locale, action, survey.status), 'invalid_transition');
}

async function countAnswerableQuestions(db: Database, surveyId: number): Promise<number> {
  const [row] = await db.orm
    .select({ n: count() })
    .from(questions)
    .innerJoin(steps, eq(steps.id, questions.step_id))
    .where(and(eq(questions.survey_id, surveyId), eq(questions.state, 'active'), eq(steps.state, 'active')));
  return Number(row?.n ?? 0);
}

async function hasPendingPublication(db: Database, surveyId: number): Promise<boolean> {
  const [row] = await db.orm
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.approvalable_type, SURVEY_PUBLICATION),
        eq(approvals.approvalable_id, surveyId),
        eq(approvals.status, 'pending'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** What submitting needs: one active question, and a closing date still ahead. */
async function assertSubmittable(db: Database, locale: string, survey: SurveyRow): Promise<void> {
  if ((await countAnswerableQuestions(db, survey.id)) === 0) {
    throw validationFailed({ questions: [surveyLifecycleText(locale, 'activeQuestionNeeded')] });
  }
  if (survey.closes_at && survey.closes_at <= new Date()) {
    throw validationFailed({ closes_at: [surveyLifecycleText(locale, 'closingDatePassed')] });
  }
}

/**
 * draft|rejected -> submitted. Needs one active question; when the company requires it,
 * a `survey_publication` approval is created in the same transaction.
 */
export async function submitSurvey(ctx: RequestContext, id: number): Promise<Row> {
  const survey = await findActionable(ctx, id, 'submit');
  assertTransition(ctx.locale, survey, 'submit');
  await assertSubmittable(ctx.db, ctx.locale, survey);
  const policy = await findSurveyPolicy(ctx.db, survey.company_id!);
  const actor = ctx.actor!;
  await withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      const submitted = await applyTransition(tx, ctx.locale, survey, 'submit', { submitted_at: new Date() });
      if (policy.publication_requires_approval) {
        await insertApproval(tx, {
          companyId: submitted.company_id!,
          type: SURVEY_PUBLICATION,
          agentId: actor.agentId,
          userId: actor.userId,
          approvalableId: submitted.id,
          payload: { survey_id: submitted.id, code: submitted.code, title: submitted.title },
        });
      }
    }),
  );
  return getSurvey(ctx, survey.id);
}

/**
 * draft|rejected -> published in one step, when the company requires no approval: the
 * submission a separate "Soumettre" would make (same checks, `surveys.submit` too) and
 * the publication, stamped together. With an approval required it must be submitted.
 */
async function submitAndPublish(ctx: RequestContext, survey: SurveyRow): Promise<Row> {
  requirePermission(ctx, 'surveys.submit');
  await assertSubmittable(ctx.db, ctx.locale, survey);
  const policy = await findSurveyPolicy(ctx.db, survey.company_id!);
  if (policy.publication_requires_approval) {
    throw conflict(
      surveyLifecycleText(ctx.locale, 'approvalRequired'),
      'approval_required',
    );
  }
  const now = new Date();
  await applyTransition(ctx.db, ctx.locale, survey, 'publish', { submitted_at: now, published_at: now, rejection_comment: null });
  return getSurvey(ctx, survey.id);
}

async function decide(ctx: RequestContext, id: number, action: 'publish' | 'reject', comment: string | null = null): Promise<Row> {
  const survey = await findActionable(ctx, id, action);
  assertTransition(ctx.locale, survey, action);
  if (await hasPendingPublication(ctx.db, survey.id)) {
    throw conflict(
      surveyLifecycleText(ctx.locale, 'approvalPending'),
      'approval_pending',
    );
  }
  const values: Partial<SurveyRow> =
    action === 'publish' ? { published_at: new Date(), rejection_comment: null } : { rejection_comment: comment };
  await applyTransition(ctx.db, ctx.locale, survey, action, values);
  return getSurvey(ctx, survey.id);
}

/** submitted -> published (direct, when no approval is pending); draft|rejected -> published via submitAndPublish. */
export async function publishSurvey(ctx: RequestContext, id: number): Promise<Row> {
  const survey = await findActionable(ctx, id, 'publish');
  if (canTransition('submit', survey.status)) return submitAndPublish(ctx, survey);
  return decide(ctx, id, 'publish');
}

/** submitted -> rejected; the author may change it and submit again. */
export function rejectSurvey(ctx: RequestContext, id: number, comment?: string | null): Promise<Row> {
  return decide(ctx, id, 'reject', comment ?? null);
}

/** published -> closed: no more participations, results stay. */
export async function closeSurvey(ctx: RequestContext, id: number): Promise<Row> {
  const survey = await findActionable(ctx, id, 'close');
  assertTransition(ctx.locale, survey, 'close');
  await applyTransition(ctx.db, ctx.locale, survey, 'close', { closed_at: new Date() });
  return getSurvey(ctx, survey.id);
}

/** Turns the active flag on or off (toggles without a value); the status does not change. */
export async function setSurveyActive(ctx: RequestContext, id: number, active?: boolean): Promise<Row> {
  const survey = await findActionable(ctx, id, 'active');
  await updateSurveyRow(ctx.db, survey.id, { active: active ?? !survey.active });
  return getSurvey(ctx, survey.id);
}

/** Sets availability (toggles without a value); the status does not change. */
export async function setSurveyAvailability(ctx: RequestContext, id: number, availability?: 'available' | 'unavailable'): Promise<Row> {
  const survey = await findActionable(ctx, id, 'changeavailability');
  const next = availability ?? (survey.availability === 'available' ? 'unavailable' : 'available');
  await updateSurveyRow(ctx.db, survey.id, { availability: next });
  return getSurvey(ctx, survey.id);
}
