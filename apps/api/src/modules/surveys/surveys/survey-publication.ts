import { and, eq } from 'drizzle-orm';
import { surveys } from '../../../db/schema';
import { localizedError } from '../../../http/errors';
import { registerApprovalHandler } from '../../tenancy/approvals/approval-handlers';
import { surveyLifecycleText } from './survey-lifecycle.texts';
import { updateSurveyRow } from './surveys.repository';

/** Approval type of a survey submitted in a company that requires approval to publish. */
export const SURVEY_PUBLICATION = 'survey_publication';

/** Approving publishes the submitted survey; rejecting sends it back to the author (rejected). */
registerApprovalHandler(SURVEY_PUBLICATION, async (tx, { approval, action, comment }) => {
  if (approval.approvalable_id == null) return undefined;
  const values =
    action === 'approve'
      ? { status: 'published' as const, published_at: new Date(), rejection_comment: null }
      : { status: 'rejected' as const, rejection_comment: comment };
  const row = await updateSurveyRow(
    tx,
    approval.approvalable_id,
    values,
    and(eq(surveys.company_id, approval.company_id), eq(surveys.status, 'submitted')),
  );
  // The approval's answer is written by the error handler, in the approver's language.
  if (!row) throw localizedError(409, 'survey_not_submitted', (locale) => surveyLifecycleText(locale, 'notPendingPublication'));
  return undefined;
});
