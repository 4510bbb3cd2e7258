import type { Locale } from '@app/contracts';
import { readSurveySettings } from '@app/contracts/surveys';
import { MONITOR_TARGET_KINDS } from '@app/contracts/supervision';
import { lateBySeconds } from '@app/contracts/workday';
import type { RequestContext } from '../../../http/actor';
import { conflict, notFound, unauthorized, validationFailed } from '../../../http/errors';
import { issueDetails } from '../../../http/validation-messages';
import { maskAnonymousIdentity } from './anonymous-identity';
import { publishContribution } from './participation-events';
import { emitWebhookEvent } from '../../messaging/webhooks/webhook-events';
import { type ParticipationView, participationView, viewOf } from './participation-view';
import { participationQueryDef } from './participations.query';
import { type SubmitParticipationInput, submitParticipationBody } from './participations.schemas';
import { fieldVisitCheck } from '../targets/field-visit';
import { checkMediaAnswers, checkSubmitContext, readParticipant } from './submission.checks';
import {
  contactHasParticipated,
  deleteAnswers,
  deleteParticipant,
  deleteHiddenAnswers,
  findParticipationByUuid,
  insertParticipant,
  insertParticipantAndParticipationOnce,
  insertParticipationOnce,
  loadAnswerValues,
  lockKey,
  type ParticipationRow,
  updateParticipant,
  updateParticipationRow,
  upsertAnswers,
  userHasParticipated,
} from './submission.repository';
import { checkAnswers, payloadHash, scoreOf } from './submission.rules';
import { countSubmittedParticipations, refusalError, surveyRefusal } from '../../surveys/surveys/survey-participation';
import { findNamedSurvey, loadAnswerableDefinition } from './survey-definition.repository';
import { participationText } from './participation.texts';
import { surveyAnsweringText } from '../../surveys/surveys/survey-answering.texts';

export interface SubmitResult {
  participation: ParticipationView;
  /** created: 201; updated (a resumed in_progress) and replayed (same key, same payload): 200. */
  outcome: 'created' | 'updated' | 'replayed';
}

/**
 * How far back a phone's `made_at` is believed: an agent's phone can stay offline for a
 * long field trip (weeks in the bush) and still send its visits with the day they were
 * made, but no further, so that no answer can be slipped into older days' scores.
 */
export const MADE_AT_MAX_AGE_DAYS = 30;
const MADE_AT_MAX_AGE_MS = MADE_AT_MAX_AGE_DAYS * 24 * 3_600_000;

/**
 * When it was made. The phone's time is believed only from a signed-in respondent (the
 * session says who answered, so a backdated answer is theirs to account for); an
 * anonymous one is dated on receipt (its `made_at` ignored, no error: a queued public
 * answer is never lost). Never ahead of the server's clock (then now), and never older
 * than MADE_AT_MAX_AGE_DAYS: an older time is clamped to the window's start rather than
 * refused, since a 422 would make the phone's outbox drop a real visit.
 */
function madeAtOf(madeAt: string | null | undefined, now: Date, signedIn: boolean): Date {
  const time = signedIn && madeAt ? Date.parse(madeAt) : Number.NaN;
  if (!Number.isFinite(time) || time >= now.getTime()) return now;
  return new Date(Math.max(time, now.getTime() - MADE_AT_MAX_AGE_MS));
}

/**
 * What the timeline and supervision read of a submission made earlier than received:
 * `made_at` (the line's time) and, past LATE_SYNC_MIN_S, `late_s` ("synchronisé plus tard").
 */
function lateSync(madeAt: Date, receivedAt: Date): Record<string, unknown> {
  if (madeAt.getTime() === receivedAt.getTime()) return {};
  const late = lateBySeconds(madeAt, receivedAt);
  return { made_at: madeAt.toISOString(), ...(late !== null ? { late_s: late } : {}) };
}

/** The same respondent and survey as the stored participation, or a 409 (never another's data). */
function assertSameRespondent(existing: ParticipationRow, surveyId: number, userId: number | null, locale: string) {
  if (existing.survey_id !== surveyId || existing.user_id !== userId || existing.deleted_at) {
    throw conflict(participationText(locale, 'keyReused'), 'idempotency_conflict');
  }
}

function parseInput(raw: SubmitParticipationInput, locale: Locale) {
  const parsed = submitParticipationBody.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw validationFailed(issueDetails(parsed.error.issues, locale));
}

/**
 * Records a participation (API.md "Participations"): anonymous or signed in, a partial
 * save (in_progress) or a submit. `client_uuid` makes it idempotent: the same key and
 * payload returns the stored participation, another payload under a submitted key is a
 * 409, and concurrent retries store one row (unique key + ON CONFLICT, not a read first).
 */
export async function submitParticipation(ctx: RequestContext, raw: SubmitParticipationInput): Promise<SubmitResult> {
  const input = parseInput(raw, ctx.locale);
  const userId = ctx.actor?.userId ?? null;
  // Before anything else: a survey id from someone outside its company must tell nothing.
  // The survey, its structure version and the participation already stored under the
  // key come back in one statement.
  const named = await findNamedSurvey(ctx, input, input.client_uuid);
  const survey = named?.survey;
  if (!survey || survey.company_id === null) throw notFound(participationText(ctx.locale, 'surveyNotFound'));
  const { earlier, structureVersion, webhooks } = named!;
  const companyId = survey.company_id;
  // The fingerprint names the survey by id however the request named it, so a retry by
  // code matches what an earlier try by id stored (pages queued before codes were sent).
  const hash = payloadHash({ ...input, survey_code: undefined, survey_id: survey.id });

  if (earlier) {
    assertSameRespondent(earlier, survey.id, userId, ctx.locale);
    if (earlier.payload_hash === hash) return { participation: await participationView(ctx.db, earlier.id), outcome: 'replayed' };
    if (earlier.status !== 'in_progress') throw conflict(participationText(ctx.locale, 'alreadySubmitted'), 'already_submitted');
  }

  const settings = readSurveySettings(survey.settings);
  if (settings.sign_in_required && !ctx.actor) throw unauthorized(surveyAnsweringText(ctx.locale, 'signInRequired'), 'sign_in_required');
  const refusal = surveyRefusal(survey, new Date());
  if (refusal) throw refusalError(refusal, ctx.locale);

  const submit = input.status === 'submitted';
  const definition = await loadAnswerableDefinition(ctx.db, survey, structureVersion);
  const others = earlier ? await loadAnswerValues(ctx.db, earlier.id, definition, { contributionsOnly: true }) : new Map();
  const checked = checkAnswers(definition, input.answers, { submit, others, locale: ctx.locale });
  const participant = readParticipant(input, ctx.locale);
  const context = await checkSubmitContext(ctx, survey, settings, input, submit);
  const errors = {
    ...checked.errors,
    ...participant.errors,
    ...(await checkMediaAnswers(ctx, definition, checked.values, { actor: ctx.actor, clientUuid: input.client_uuid })),
    ...context.errors,
  };
  if (Object.keys(errors).length) throw validationFailed(errors, participationText(ctx.locale, 'invalidAnswers'));

  const merged = new Map([...others].filter(([id]) => checked.visible.has(id) && !checked.sent.has(id)));
  for (const [id, value] of checked.values) merged.set(id, value);
  const now = new Date();
  const madeAt = madeAtOf(input.made_at, now, ctx.actor !== null);
  const agentId = ctx.actor && ctx.actor.companyId === companyId ? ctx.actor.agentId : null;
  const evaluated = survey.type === 'evaluation' ? (input.target ?? null) : null;
  const fields = {
    status: input.status,
    payload_hash: hash,
    score: scoreOf(definition, merged),
    latitude: input.geolocation?.latitude ?? null,
    longitude: input.geolocation?.longitude ?? null,
    accuracy_m: input.geolocation?.accuracy ?? null,
    target_kind: evaluated?.kind ?? null,
    target_id: evaluated?.id ?? null,
    ...fieldVisitCheck({ agentId, kind: evaluated?.kind, target: context.target, position: input.geolocation }),
    device_ref: input.device_ref ?? null,
    ref: input.ref ?? null,
    src: input.src ?? null,
    submitted_at: submit ? madeAt : null,
    received_at: submit ? now : null,
  };

  const result = await ctx.db.transaction(async (tx) => {
    if (settings.one_per_person) {
      const contact = participant.values;
      const person = userId !== null ? `u${userId}` : contact ? `c${contact.email ?? ''}|${contact.phone ?? ''}` : null;
      if (person) {
        await lockKey(tx, `participation:${survey.id}:${person}`);
        const already =
          userId !== null
            ? await userHasParticipated(tx, survey.id, userId, input.client_uuid)
            : await contactHasParticipated(tx, survey.id, contact!, input.client_uuid);
        if (already) throw conflict(participationText(ctx.locale, 'alreadyParticipated'), 'already_participated');
      }
    }
    if (submit && settings.quota !== null && (await countSubmittedParticipations(tx, survey.id)) >= settings.quota) {
      throw refusalError('quota_reached', ctx.locale);
    }
    const values = {
      ...fields,
      survey_id: survey.id,
      company_id: companyId,
      user_id: userId,
      agent_id: agentId,
      client_uuid: input.client_uuid,
      // Made offline: it cannot have started after it was made.
      started_at: madeAt,
    };
    // The participant with the participation, in one statement, so that the participation
    // is written whole; a key that already exists makes the participant nobody's (below).
    const withParticipant = participant.values || userId === null;
    const { participantId, row: created } = withParticipant
      ? await insertParticipantAndParticipationOnce(tx, {
          company_id: companyId,
          ...(participant.values ?? { name: null, email: null, phone: null, ref: fields.ref, src: fields.src }),
        }, values)
      : { participantId: null, row: await insertParticipationOnce(tx, { ...values, participant_id: null }) };
    const target = { companyId, surveyId: survey.id, contributionId: null };
    if (created !== null) {
      // A new participation holds exactly the answers just written: its view is built
      // from what the two inserts returned, not read back.
      const stored = await upsertAnswers(tx, { ...target, participationId: created.id }, definition, checked.values);
      const view = viewOf(created, stored.map((answer) => ({ answer, type: definition.byId.get(answer.question_id)!.type })));
      return { id: created.id, outcome: 'created' as const, becameSubmitted: submit, view };
    }
    // The key exists: an earlier or concurrent request with this client_uuid won the insert.
    if (participantId !== null) await deleteParticipant(tx, participantId);
    const existing = (await findParticipationByUuid(tx, input.client_uuid, true))!;
    assertSameRespondent(existing, survey.id, userId, ctx.locale);
    if (existing.payload_hash === hash) return { id: existing.id, outcome: 'replayed' as const, becameSubmitted: false, view: null };
    if (existing.status !== 'in_progress') throw conflict(participationText(ctx.locale, 'alreadySubmitted'), 'already_submitted');
    await deleteAnswers(tx, existing.id, { contributionId: null });
    await deleteHiddenAnswers(tx, existing.id, checked.visible);
    await upsertAnswers(tx, { ...target, participationId: existing.id }, definition, checked.values);
    if (participant.values) {
      if (existing.participant_id) await updateParticipant(tx, existing.participant_id, participant.values);
      else await updateParticipationRow(tx, existing.id, { participant_id: await insertParticipant(tx, companyId, participant.values) });
    }
    await updateParticipationRow(tx, existing.id, fields);
    return { id: existing.id, outcome: 'updated' as const, becameSubmitted: submit, view: null };
  });

  const participation = result.view ?? (await participationView(ctx.db, result.id));
  if (result.becameSubmitted) {
    // An evaluation of a target is told by supervision's "a évalué" card, to its author
    // too (evaluation-recipients.ts): one message per person, never two for one answer.
    const evaluatesTarget = (MONITOR_TARGET_KINDS as readonly string[]).includes(fields.target_kind ?? '') && fields.target_id !== null;
    if (!evaluatesTarget) await publishContribution(ctx, 'contribution.created', survey, participation);
    // Read with the survey: most companies have no endpoint, and then no statement is spent.
    if (webhooks) await emitWebhookEvent(ctx, companyId, 'participation.submitted', { participation_id: result.id, survey_id: survey.id, survey_code: survey.code, status: 'submitted' });
    // The timeline and supervision (reports, "a évalué" notices) hear of it; who answered
    // an anonymous survey is told to none of them.
    await ctx.events.emitDomain({
      kind: 'participation.submitted',
      companyId,
      agentId: settings.anonymous ? null : participation.agent_id,
      userId: settings.anonymous ? null : userId,
      target: fields.target_kind && fields.target_id !== null ? { kind: fields.target_kind, id: fields.target_id } : null,
      subject: { type: 'participations', id: result.id, name: survey.title },
      data: { survey_id: survey.id, score: fields.score, ...lateSync(madeAt, now), ...(settings.anonymous ? { anonymous: true } : {}) },
    }, ctx.db);
  }
  return { participation, outcome: result.outcome };
}


/**
 * GET participations/key/{client_uuid}: what a respondent resumes from after a reload.
 * The key is the respondent's secret; a signed-in respondent's participation also
 * needs their session.
 */
export async function resumeParticipation(ctx: RequestContext, clientUuid: string): Promise<ParticipationView> {
  const row = await findParticipationByUuid(ctx.db, clientUuid);
  if (!row || row.deleted_at || (row.user_id !== null && row.user_id !== ctx.actor?.userId)) throw notFound();
  const view = await participationView(ctx.db, row.id);
  // The key proves only that one holds it (a shared phone, a look over the shoulder): an
  // anonymous survey's participation comes back masked unless it is the signed-in caller's own.
  await maskAnonymousIdentity(ctx, participationQueryDef, [view as unknown as Record<string, unknown>]);
  return view;
}
