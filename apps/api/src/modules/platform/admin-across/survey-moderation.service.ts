import { canModerate, SURVEY_MODERATION, type SurveyModeration } from '@app/contracts/admin-catalogue';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { approvals, surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, notFound } from '../../../http/errors';
import { audit } from '../../administration/audit/audit';
import { requireAdmin } from '../../administration/admin-guard';
import { notify, type Recipient } from '../../messaging/notifications/notify';
import { SURVEY_PUBLICATION } from '../../surveys/surveys/survey-publication';
import type { SurveyRow } from '../../surveys/surveys/surveys.repository';
import { acrossDetail } from './admin-across.service';
import { inEveryLocale } from '../../../delivery/message-texts';
import { surveyLifecycleText, surveyStatusWord, transitionRefusal } from '../../surveys/surveys/survey-lifecycle.texts';

/** Why the platform cannot `action` a survey in `status`, in `locale` (from SURVEY_MODERATION's statuses). */
function refusal(locale: string, action: SurveyModeration, status: string): string {
  const word = surveyStatusWord(locale, status);
  return action === 'reject' ? surveyLifecycleText(locale, 'adminCannotReject', { status: word }) : transitionRefusal(locale, 'close', status);
}

/** A company's live survey (never a platform template: mnt/templates has its own actions). */
async function findCompanySurvey(db: Database, locale: string, id: number): Promise<SurveyRow> {
  const [row] = await db.orm
    .select()
    .from(surveys)
    .where(and(eq(surveys.id, id), isNull(surveys.deleted_at)));
  if (!row || row.company_id == null) throw notFound(surveyLifecycleText(locale, 'surveyGone'), 'not_found');
  return row;
}

/**
 * Applies a moderation in one transaction with its audit entry: the status changes only
 * if the survey is still in a status the action starts from (a concurrent change makes it
 * a 409 naming the new status), and a publication request still pending is closed with it.
 */
async function moderate(ctx: RequestContext, id: number, action: SurveyModeration, comment: string | null): Promise<SurveyRow> {
  requireAdmin(ctx);
  const before = await findCompanySurvey(ctx.db, ctx.locale, id);
  if (before.is_template) throw conflict(surveyLifecycleText(ctx.locale, 'templateNotModerated'), 'template_lifecycle');
  if (!canModerate(action, before.status)) throw conflict(refusal(ctx.locale, action, before.status), 'invalid_transition');
  const now = new Date();
  const values: Partial<SurveyRow> =
    action === 'reject' ? { status: 'rejected', rejection_comment: comment } : { status: 'closed', closed_at: now };
  return withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      const [after] = await tx.orm
        .update(surveys)
        .set({ ...values, updated_at: now })
        .where(and(eq(surveys.id, id), isNull(surveys.deleted_at), inArray(surveys.status, [...SURVEY_MODERATION[action].from])))
        .returning();
      if (!after) {
        const current = await findCompanySurvey(tx, ctx.locale, id);
        throw conflict(refusal(ctx.locale, action, current.status), 'invalid_transition');
      }
      if (action === 'reject') {
        // The company's own approval of this publication has nothing left to decide.
        await tx.orm
          .update(approvals)
          .set({ status: 'rejected', decided_at: now, comment, updated_at: now })
          .where(and(eq(approvals.approvalable_type, SURVEY_PUBLICATION), eq(approvals.approvalable_id, id), eq(approvals.status, 'pending')));
      }
      await audit(
        ctx,
        {
          action: `survey.moderation.${action}`,
          objectType: 'survey',
          objectId: id,
          companyId: after.company_id,
          before: { status: before.status, rejection_comment: before.rejection_comment },
          after: { status: after.status, rejection_comment: after.rejection_comment },
        },
        tx,
      );
      return after;
    }),
  );
}

/** Who hears of a moderation: the survey's author and the company's owners, once each. */
async function recipientsOf(db: Database, survey: SurveyRow): Promise<Recipient[]> {
  const rows = await db.rows<{ user_id: number; agent_id: number }>(sql`
    SELECT DISTINCT ON (a.user_id) a.user_id, a.id AS agent_id
    FROM agents a
    WHERE a.company_id = ${survey.company_id} AND a.deleted_at IS NULL
      AND (a.id = ${survey.author_agent_id}::int
           OR EXISTS (SELECT 1 FROM agent_roles ar JOIN roles r ON r.id = ar.role_id WHERE ar.agent_id = a.id AND r.company_id = a.company_id AND r.is_owner))
    ORDER BY a.user_id, a.id`);
  return rows.map((r) => ({ userId: r.user_id, agentId: r.agent_id }));
}

async function tell(ctx: RequestContext, survey: SurveyRow, action: SurveyModeration): Promise<void> {
  const key = action === 'reject' ? 'rejectedByPlatform' : 'closedByPlatform';
  await notify(ctx, await recipientsOf(ctx.db, survey), {
    kind: 'notification',
    title: inEveryLocale((l) => surveyLifecycleText(l, key, { survey: survey.title })),
    body: action === 'reject' ? inEveryLocale((l) => surveyLifecycleText(l, 'rejectionReason', { comment: survey.rejection_comment ?? '' })) : null,
    companyId: survey.company_id,
    data: { survey_id: survey.id, survey_type: survey.type, event: `survey.moderation.${action}` },
  });
}

/** POST admin/surveys/{id}/reject {comment}: back to its author with the reason, who is told. */
export async function rejectSurveyAsAdmin(ctx: RequestContext, id: number, comment: string) {
  const survey = await moderate(ctx, id, 'reject', comment);
  await tell(ctx, survey, 'reject');
  return acrossDetail(ctx, 'surveys', id);
}

/** POST admin/surveys/{id}/close: no more participations; the results stay. */
export async function closeSurveyAsAdmin(ctx: RequestContext, id: number) {
  const survey = await moderate(ctx, id, 'close', null);
  await tell(ctx, survey, 'close');
  return acrossDetail(ctx, 'surveys', id);
}
