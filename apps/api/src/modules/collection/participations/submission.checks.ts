import { checkMediaFile, EMAIL_PATTERN, normalizeMobile } from '@app/contracts';
import type { SurveySettings } from '@app/contracts/surveys';
import type { Actor, RequestContext } from '../../../http/actor';
import { answerMessagesIn, participationText } from './participation.texts';
import type { SubmitParticipationData } from './participations.schemas';
import { loadTarget, type TargetRow } from '../targets/targets.repository';
import { findMedias, type ParticipantValues } from './submission.repository';
import type { SurveyDefinition, SurveyRow } from './survey-definition.repository';

type Errors = Record<string, string[]>;

/**
 * File answers must name a media uploaded for this survey by this respondent (the same
 * client_uuid, or the signed-in uploader) that fits the question's types and size.
 */
export async function checkMediaAnswers(
  ctx: Pick<RequestContext, 'db' | 'locale'>,
  definition: SurveyDefinition,
  values: ReadonlyMap<number, unknown>,
  who: { actor: Actor | null; clientUuid: string },
): Promise<Errors> {
  const wanted = [...values].filter(([id]) => ['file', 'photo', 'signature'].includes(definition.byId.get(id)!.type));
  if (wanted.length === 0) return {};
  const found = new Map((await findMedias(ctx.db, wanted.map(([, v]) => v as number))).map((m) => [m.id, m]));
  const errors: Errors = {};
  for (const [questionId, mediaId] of wanted) {
    const media = found.get(mediaId as number);
    const mine =
      media &&
      media.company_id === definition.survey.company_id &&
      (media.upload_key === who.clientUuid || (who.actor !== null && media.owner_user_id === who.actor.userId));
    if (!media || !mine) {
      errors[`answers.${questionId}`] = [participationText(ctx.locale, 'fileNotFound')];
      continue;
    }
    const problem = checkMediaFile(definition.byId.get(questionId)!, { mime: media.mime, size: media.size }, answerMessagesIn(ctx.locale));
    if (problem) errors[`answers.${questionId}`] = [problem.message];
  }
  return errors;
}

/** The respondent's contact details, normalised, or field errors. */
export function readParticipant(input: SubmitParticipationData, locale: string): { values: ParticipantValues | null; errors: Errors } {
  const errors: Errors = {};
  const given = input.participant ?? {};
  const email = given.email ? given.email.toLowerCase() : null;
  if (email && !EMAIL_PATTERN.test(email)) errors['participant.email'] = [participationText(locale, 'invalidEmail')];
  let phone: string | null = null;
  if (given.phone) {
    phone = normalizeMobile(given.phone) ?? given.phone.replace(/[\s.()-]/g, '');
    if (!/^\+?\d{6,15}$/.test(phone)) errors['participant.phone'] = [participationText(locale, 'invalidPhone')];
  }
  const name = given.name || null;
  const any = name || email || phone;
  return { values: any ? { name, email, phone, ref: input.ref ?? null, src: input.src ?? null } : null, errors };
}

/**
 * Geolocation and evaluated target, enforced when the participation is submitted. The
 * target must be one of the survey company's live objects, of the survey's target kind
 * (DOMAIN.md "Evaluation targets"); it comes back for the field-visit check.
 */
export async function checkSubmitContext(
  ctx: Pick<RequestContext, 'db' | 'locale'>,
  survey: SurveyRow,
  settings: SurveySettings,
  input: SubmitParticipationData,
  submit: boolean,
): Promise<{ errors: Errors; target: TargetRow | null }> {
  const errors: Errors = {};
  if (submit && settings.geolocation_required && !input.geolocation) {
    errors.geolocation = [participationText(ctx.locale, 'geolocationRequired')];
  }
  if (survey.type !== 'evaluation') return { errors, target: null };
  const target = input.target;
  if (!target) {
    if (submit) errors.target = [participationText(ctx.locale, 'targetMissing')];
    return { errors, target: null };
  }
  if (survey.target_kind && target.kind !== survey.target_kind) {
    errors.target = [participationText(ctx.locale, 'targetKindRefused')];
    return { errors, target: null };
  }
  const row = survey.company_id ? await loadTarget(ctx.db, survey.company_id, target.kind, target.id) : null;
  if (!row) errors.target = [participationText(ctx.locale, 'targetNotFound')];
  return { errors, target: row };
}
