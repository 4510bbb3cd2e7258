import { emitWebhookEvent } from '../../messaging/webhooks/webhook-events';
import { and, eq, isNull } from 'drizzle-orm';
import { participations } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { conflict, notFound } from '../../../http/errors';
import { requireCompany, requirePermission, seesAllCompanies } from '../../tenancy/companies/tenancy';
import { getParticipation } from './review.service';
import { REVIEW_TEXTS, reviewText } from './review.texts';

export const REVIEW_ACTIONS = ['check', 'uncheck', 'validate'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
type Status = 'in_progress' | 'submitted' | 'checked' | 'validated';

/** The review state machine: submitted -check-> checked -validate-> validated; uncheck goes back. */
export const REVIEW_TRANSITIONS: Record<ReviewAction, { from: Status; to: Status }> = {
  check: { from: 'submitted', to: 'checked' },
  uncheck: { from: 'checked', to: 'submitted' },
  validate: { from: 'checked', to: 'validated' },
};

const REFUSALS = { check: 'cannotCheck', uncheck: 'cannotUncheck', validate: 'cannotValidate' } as const;

/** Why `action` does not apply to a participation in `status`, in `locale`. */
function refusal(locale: string, action: ReviewAction, status: string): string {
  const label = status in REVIEW_TEXTS.fr ? reviewText(locale, status as Status) : status;
  return reviewText(locale, REFUSALS[action], { status: label });
}

/** POST participations/{id}/check|uncheck|validate, recording who and when. */
export async function changeReviewState(ctx: RequestContext, id: number, action: ReviewAction) {
  const actor = requirePermission(ctx, `participations.${action}`);
  const companyId = seesAllCompanies(actor) ? null : requireCompany(ctx).companyId;
  const where = and(
    eq(participations.id, id),
    isNull(participations.deleted_at),
    companyId === null ? undefined : eq(participations.company_id, companyId),
  );
  const [current] = await ctx.db.orm.select({ status: participations.status }).from(participations).where(where);
  if (!current) throw notFound();
  const rule = REVIEW_TRANSITIONS[action];
  const now = new Date();
  const stamp =
    action === 'check'
      ? { checked_by: actor.agentId, checked_at: now }
      : action === 'uncheck'
        ? { checked_by: null, checked_at: null }
        : { validated_by: actor.agentId, validated_at: now };
  // The status condition in the UPDATE makes two reviewers racing on one row safe.
  const updated = await ctx.db.orm
    .update(participations)
    .set({ status: rule.to, ...stamp, updated_at: now })
    .where(and(where, eq(participations.status, rule.from)))
    .returning({ id: participations.id });
  if (updated.length === 0) throw conflict(refusal(ctx.locale, action, current.status), 'invalid_transition');
  const [row] = await ctx.db.orm
    .select({ company_id: participations.company_id, survey_id: participations.survey_id, target_kind: participations.target_kind, target_id: participations.target_id })
    .from(participations)
    .where(eq(participations.id, id));
  if (action === 'validate') {
    await emitWebhookEvent(ctx, row.company_id, 'participation.validated', { participation_id: id, survey_id: row.survey_id, status: rule.to });
  }
  if (action !== 'uncheck') {
    await ctx.events.emitDomain({
      kind: action === 'check' ? 'participation.checked' : 'participation.validated',
      companyId: row.company_id,
      agentId: actor.agentId,
      userId: actor.userId,
      target: row.target_kind && row.target_id !== null ? { kind: row.target_kind, id: row.target_id } : null,
      subject: { type: 'participations', id },
      data: { survey_id: row.survey_id },
    }, ctx.db);
  }
  return getParticipation(ctx, id);
}
