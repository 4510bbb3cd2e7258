import { participationAcceptsContributions } from '@app/contracts/participation-views';
import { and, eq } from 'drizzle-orm';
import { contributions, contributors, participations, surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { AppError, conflict, notFound, validationFailed } from '../../../http/errors';
import { withDbErrors } from '../../../http/db-errors';
import { getOne, parseQueryObject } from '../../../http/query';
import { includesOf, ownRowsVariant, requireActor, requireCompany, requirePermission, seesAllCompanies, tenantQuery } from '../../tenancy/companies/tenancy';
import { hasPermission } from '../../../http/authorize';
import { findContributorOf } from '../contributors/contributors.repository';
import { listHidingAnonymous, maskAnonymousIdentity } from '../participations/anonymous-identity';
import { revealOwnRespondentKeys } from '../participations/respondent-key';
import { publishContribution } from '../participations/participation-events';
import { participationView } from '../participations/participation-view';
import { checkMediaAnswers } from '../participations/submission.checks';
import { deleteAnswers, deleteHiddenAnswers, loadAnswerValues, lockKey, upsertAnswers } from '../participations/submission.repository';
import { checkAnswers, scoreOf } from '../participations/submission.rules';
import { loadAnswerableDefinition } from '../participations/survey-definition.repository';
import { refusalError, surveyRefusal } from '../../surveys/surveys/survey-participation';
import { contributionQueryDef } from './contributions.query';
import { type SaveContributionInput, saveContributionBody } from './contributions.schemas';
import { participationText } from '../participations/participation.texts';


/**
 * POST contributions: an invited contributor writes their answers into a participation,
 * only for the steps they were given (403 otherwise). Their answers form one contribution
 * per participation; the survey author hears `contribution.created`, then `.updated`.
 */
export async function saveContribution(ctx: RequestContext, raw: SaveContributionInput) {
  const actor = requireActor(ctx);
  const input = saveContributionBody.parse(raw);
  const [participation] = await ctx.db.orm.select().from(participations).where(eq(participations.id, input.participation_id));
  const contributor = participation && !participation.deleted_at ? await findContributorOf(ctx.db, participation.id, actor.userId) : null;
  if (!participation || !contributor) throw notFound();
  if (!participationAcceptsContributions(participation.status)) throw conflict(participationText(ctx.locale, 'participationReviewed'), 'participation_reviewed');
  const [survey] = await ctx.db.orm.select().from(surveys).where(eq(surveys.id, participation.survey_id));
  const refusal = surveyRefusal(survey, new Date());
  if (refusal) throw refusalError(refusal, ctx.locale);

  const definition = await loadAnswerableDefinition(ctx.db, survey);
  const steps = new Set(contributor.step_ids);
  const allowed = (q: { step_id: number | null }) => steps.size === 0 || (q.step_id !== null && steps.has(q.step_id));
  const outside = input.answers.filter((a) => definition.byId.has(a.question_id) && !allowed(definition.byId.get(a.question_id)!));
  if (outside.length) {
    const details = Object.fromEntries(outside.map((a) => [`answers.${a.question_id}`, [participationText(ctx.locale, 'notYourStep')]]));
    throw new AppError(403, 'forbidden', participationText(ctx.locale, 'stepsOnly'), details);
  }
  const [existing] = await ctx.db.orm
    .select()
    .from(contributions)
    .where(and(eq(contributions.participation_id, participation.id), eq(contributions.contributor_id, contributor.id)));
  const others = await loadAnswerValues(ctx.db, participation.id, definition, existing ? { exceptContribution: existing.id } : {});
  const checked = checkAnswers(definition, input.answers, { submit: input.done, others, allowed, locale: ctx.locale });
  const errors = {
    ...checked.errors,
    ...(await checkMediaAnswers(ctx, definition, checked.values, { actor, clientUuid: participation.client_uuid })),
  };
  if (Object.keys(errors).length) throw validationFailed(errors, participationText(ctx.locale, 'invalidAnswers'));

  const now = new Date();
  const result = await ctx.db.transaction(async (tx) => {
    await lockKey(tx, `contribution:${participation.id}:${contributor.id}`);
    let [row] = await tx.orm
      .select()
      .from(contributions)
      .where(and(eq(contributions.participation_id, participation.id), eq(contributions.contributor_id, contributor.id)));
    const isNew = !row;
    if (!row) {
      [row] = await withDbErrors(() =>
        tx.orm
          .insert(contributions)
          .values({
            company_id: participation.company_id,
            participation_id: participation.id,
            contributor_id: contributor.id,
            user_id: actor.userId,
            agent_id: contributor.agent_id,
            client_uuid: input.client_uuid ?? null,
          })
          .returning(),
      );
    }
    await deleteAnswers(tx, participation.id, { contributionId: row.id });
    await upsertAnswers(tx, { participationId: participation.id, companyId: participation.company_id, surveyId: survey.id, contributionId: row.id }, definition, checked.values);
    await deleteHiddenAnswers(tx, participation.id, checked.visible);
    const merged = await loadAnswerValues(tx, participation.id, definition);
    await tx.orm.update(participations).set({ score: scoreOf(definition, merged), updated_at: now }).where(eq(participations.id, participation.id));
    await tx.orm
      .update(contributions)
      .set({ submitted_at: input.done ? now : row.submitted_at, updated_at: now })
      .where(eq(contributions.id, row.id));
    await tx.orm
      .update(contributors)
      .set({ status: input.done ? 'done' : 'accepted', updated_at: now })
      .where(eq(contributors.id, contributor.id));
    return { id: row.id, isNew };
  });
  await publishContribution(ctx, result.isNew ? 'contribution.created' : 'contribution.updated', survey, participation, {
    agent_id: contributor.agent_id,
    user_id: actor.userId,
  });
  const view = await participationView(ctx.db, participation.id);
  return {
    contribution: await getContribution(ctx, result.id),
    answers: view.answers.filter((a) => a.contribution_id === result.id),
    created: result.isNew,
  };
}

export async function listContributions(ctx: RequestContext, rawQuery: unknown) {
  requirePermission(ctx, 'contributions.list');
  const { companyId } = requireCompany(ctx);
  return listHidingAnonymous(ctx, contributionQueryDef, parseQueryObject(rawQuery, contributionQueryDef), { companyId });
}

/**
 * A contribution of the company (contributions.show), or the contributor's own; 404
 * otherwise. Who contributed to an anonymous survey is masked (anonymous-identity.ts).
 */
export async function getContribution(ctx: RequestContext, id: number, rawQuery?: unknown) {
  const actor = requireActor(ctx);
  if (seesAllCompanies(actor) || (actor.companyId !== null && hasPermission(actor, 'contributions.show'))) {
    const { def, scope } = tenantQuery(ctx, contributionQueryDef);
    const row = await getOne(ctx.db, def, id, scope, includesOf(rawQuery, def));
    if (row) {
      await maskAnonymousIdentity(ctx, def, [row]);
      await revealOwnRespondentKeys(ctx, def, [row]);
      return row;
    }
  }
  // The contributor's own: only their answers and invitation come along, nothing of the company's people.
  const def = ownRowsVariant(contributionQueryDef, ['contributor', 'answers', 'answers.question']);
  const row = await getOne(ctx.db, def, id, { companyId: null }, includesOf(rawQuery, def));
  if (!row || row.user_id !== actor.userId) throw notFound();
  await maskAnonymousIdentity(ctx, def, [row]);
  await revealOwnRespondentKeys(ctx, def, [row]);
  return row;
}
