import type { ContributorStartView } from '@app/contracts/participation-views';
import { eq } from 'drizzle-orm';
import { participations, surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { requireActor } from '../../tenancy/companies/tenancy';
import { findContributorOf } from '../contributors/contributors.repository';
import { findMedias, loadAnswerValues } from '../participations/submission.repository';
import { loadAnswerableDefinition } from '../participations/survey-definition.repository';

const MEDIA_TYPES = new Set(['file', 'photo', 'signature']);

/**
 * GET contributions/participation/{id}: the answers already given in a participation the
 * caller was invited to contribute to, limited to the steps entrusted to them, so the
 * answering page opens with them instead of an empty form. Anyone not invited to it
 * (the participation's company included: it has its own review screens) gets a 404.
 */
export async function getContributorStart(ctx: RequestContext, participationId: number): Promise<ContributorStartView> {
  const actor = requireActor(ctx);
  const [participation] = await ctx.db.orm.select().from(participations).where(eq(participations.id, participationId));
  const contributor = participation && !participation.deleted_at ? await findContributorOf(ctx.db, participation.id, actor.userId) : null;
  if (!participation || !contributor) throw notFound();
  const [survey] = await ctx.db.orm.select().from(surveys).where(eq(surveys.id, participation.survey_id));
  if (!survey) throw notFound();
  const definition = await loadAnswerableDefinition(ctx.db, survey);
  const steps = new Set(contributor.step_ids);
  const values = await loadAnswerValues(ctx.db, participation.id, definition);
  const mine = definition.questions.filter((q) => values.has(q.id) && (steps.size === 0 || (q.step_id !== null && steps.has(q.step_id))));
  const mediaIds = mine.filter((q) => MEDIA_TYPES.has(q.type)).map((q) => values.get(q.id) as number);
  const names = new Map((await findMedias(ctx.db, mediaIds)).map((m) => [m.id, m.original_name]));
  return {
    participation_id: participation.id,
    step_ids: contributor.step_ids,
    answers: mine.map((q) => {
      const value = values.get(q.id);
      const media = MEDIA_TYPES.has(q.type) && typeof value === 'number' ? { id: value, name: names.get(value) ?? null } : null;
      return { question_id: q.id, value, media };
    }),
  };
}
