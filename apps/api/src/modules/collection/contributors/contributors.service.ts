import { notify } from '../../messaging/notifications/notify';
import { participationAcceptsContributions } from '@app/contracts/participation-views';
import { agentRoom, type ContributorCreatedData, userRoom } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { contributors, participations, surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { conflict, notFound, validationFailed } from '../../../http/errors';
import { getOne, parseQueryObject } from '../../../http/query';
import { findAgent } from '../../tenancy/agents/agents.repository';
import { includesOf, ownRowsVariant, requireActor, requireCompany, requirePermission, seesAllCompanies, tenantQuery } from '../../tenancy/companies/tenancy';
import { hasPermission } from '../../../http/authorize';
import { hostNameOf } from '../../tenancy/invitations/invitations.service';
import { listHidingAnonymous, maskAnonymousIdentity } from '../participations/anonymous-identity';
import { revealOwnRespondentKeys } from '../participations/respondent-key';
import { fixedFilter } from '../../surveys/surveys/query-filters';
import { refusalError, surveyRefusal } from '../../surveys/surveys/survey-participation';
import { findUserById } from '../../identity/users/users.repository';
import { findCompanyParticipation, findContributorOf, isKnownToCompany, unknownSteps } from './contributors.repository';
import { contributorQueryDef } from './contributors.query';
import { type CreateContributorInput, createContributorBody } from './contributors.schemas';
import { participationText } from '../participations/participation.texts';
import { inEveryLocale } from '../../../delivery/message-texts';

type Row = Record<string, unknown>;
/** What an invitee may include with their own invitations: nothing about the company's people. */
const INVITEE_INCLUDES = ['survey', 'contributions', 'contributions.answers'];
const inviteeDef = () => ownRowsVariant(contributorQueryDef, INVITEE_INCLUDES);

/**
 * The invitee as a user (and agent of the company when named as one), or 422. A user_id
 * must be an account the company already knows (member or earlier respondent).
 */
async function resolveInvitee(ctx: RequestContext, companyId: number, input: { agent_id?: number; user_id?: number }) {
  if (input.agent_id !== undefined) {
    const agent = await findAgent(ctx.db, companyId, input.agent_id);
    if (agent?.status !== 'active') throw validationFailed({ agent_id: [participationText(ctx.locale, 'agentNotInCompany')] });
    return { userId: agent.user_id, agentId: agent.id };
  }
  // Same answer for an unknown account and one the company has never dealt with: no oracle.
  const user = await findUserById(ctx.db, input.user_id!);
  if (!user || user.status === 'suspended' || !(await isKnownToCompany(ctx.db, companyId, user.id))) {
    throw validationFailed({ user_id: [participationText(ctx.locale, 'userNotFound')] });
  }
  return { userId: user.id, agentId: null };
}

/**
 * POST contributors: invites someone to fill a participation (or, given a survey, a new
 * participation made for them), optionally only some steps; they are told live
 * (`contributor.created`).
 */
export async function createContributor(ctx: RequestContext, raw: CreateContributorInput): Promise<Row> {
  requirePermission(ctx, 'contributors.create');
  const { actor, companyId } = requireCompany(ctx);
  const input = createContributorBody.parse(raw);
  const participation = input.participation_id !== undefined ? await findCompanyParticipation(ctx.db, companyId, input.participation_id) : null;
  if (input.participation_id !== undefined && !participation) throw validationFailed({ participation_id: [participationText(ctx.locale, 'participationNotFound')] });
  const surveyId = participation?.survey_id ?? input.survey_id!;
  const [survey] = await ctx.db.orm.select().from(surveys).where(and(eq(surveys.id, surveyId), eq(surveys.company_id, companyId)));
  if (!survey || survey.deleted_at || (input.survey_id !== undefined && input.survey_id !== surveyId)) {
    throw validationFailed({ survey_id: [participationText(ctx.locale, 'surveyNotFound')] });
  }
  const refusal = surveyRefusal(survey, new Date());
  if (refusal) throw refusalError(refusal, ctx.locale);
  if (participation && !participationAcceptsContributions(participation.status)) throw conflict(participationText(ctx.locale, 'participationReviewed'), 'participation_reviewed');
  const missing = await unknownSteps(ctx.db, survey.id, input.step_ids);
  if (missing.length) throw validationFailed({ step_ids: [participationText(ctx.locale, 'stepsNotInSurvey')] });
  const invitee = await resolveInvitee(ctx, companyId, input);
  const created = await ctx.db.transaction(async (tx) => {
    let participationId = participation?.id;
    if (participationId === undefined) {
      const [made] = await tx.orm
        .insert(participations)
        .values({ survey_id: survey.id, company_id: companyId, user_id: invitee.userId, agent_id: invitee.agentId, client_uuid: randomUUID(), status: 'in_progress' })
        .returning({ id: participations.id });
      participationId = made.id;
    } else if (await findContributorOf(tx, participationId, invitee.userId)) {
      throw conflict(participationText(ctx.locale, 'alreadyContributor'), 'already_contributor');
    }
    const [row] = await tx.orm
      .insert(contributors)
      .values({
        company_id: companyId,
        survey_id: survey.id,
        participation_id: participationId,
        user_id: invitee.userId,
        agent_id: invitee.agentId,
        step_ids: [...new Set(input.step_ids)],
        invited_by: actor.agentId,
      })
      .returning();
    return row;
  });
  const data: ContributorCreatedData = {
    participation: { id: created.participation_id!, survey_code: survey.code, survey_title: survey.title, agent_name: await hostNameOf(ctx, actor.agentId) },
  };
  ctx.events.publish('contributor.created', invitee.agentId !== null ? agentRoom(invitee.agentId) : userRoom(invitee.userId), data);
  await notify(ctx, { userId: invitee.userId, agentId: invitee.agentId }, {
    kind: 'contributor',
    title: inEveryLocale((l) => participationText(l, 'inviteToContributeTitle', { agent: data.participation.agent_name, survey: survey.title })),
    companyId,
    data: { ...data.participation },
  });
  return getContributor(ctx, created.id);
}

export async function listContributors(ctx: RequestContext, rawQuery: unknown) {
  requirePermission(ctx, 'contributors.list');
  const { companyId } = requireCompany(ctx);
  return listHidingAnonymous(ctx, contributorQueryDef, parseQueryObject(rawQuery, contributorQueryDef), { companyId });
}

/** GET contributors/mine: where the caller is invited to contribute, whatever the company. */
export async function listMyContributions(ctx: RequestContext, rawQuery: unknown) {
  const actor = requireActor(ctx);
  const def = inviteeDef();
  const query = parseQueryObject(rawQuery, def);
  return listHidingAnonymous(ctx, def, { ...query, filterGroups: [...query.filterGroups, fixedFilter(def, 'user_id', actor.userId)] }, { companyId: null });
}

/**
 * A contributor of the company (contributors.show), or the invitee themself; 404
 * otherwise. Who contributes to an anonymous survey is masked (anonymous-identity.ts).
 */
export async function getContributor(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  const actor = requireActor(ctx);
  if (seesAllCompanies(actor) || (actor.companyId !== null && hasPermission(actor, 'contributors.show'))) {
    const { def, scope } = tenantQuery(ctx, contributorQueryDef);
    const row = await getOne(ctx.db, def, id, scope, includesOf(rawQuery, def));
    if (row) {
      await maskAnonymousIdentity(ctx, def, [row]);
      await revealOwnRespondentKeys(ctx, def, [row]);
      return row;
    }
  }
  const def = inviteeDef();
  const row = await getOne(ctx.db, def, id, { companyId: null }, includesOf(rawQuery, def));
  if (!row || row.user_id !== actor.userId) throw notFound();
  await maskAnonymousIdentity(ctx, def, [row]);
  await revealOwnRespondentKeys(ctx, def, [row]);
  return row;
}

/** DELETE contributors/{id}: withdraws an invitation (contributors.delete); answers already given stay. */
export async function removeContributor(ctx: RequestContext, id: number): Promise<void> {
  requirePermission(ctx, 'contributors.delete');
  const { companyId } = requireCompany(ctx);
  const removed = await ctx.db.orm
    .delete(contributors)
    .where(and(eq(contributors.id, id), eq(contributors.company_id, companyId)))
    .returning({ id: contributors.id });
  if (removed.length === 0) throw notFound();
}
