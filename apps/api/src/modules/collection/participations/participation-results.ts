import type { ParticipationAnswerResult, ParticipationRecord, ParticipationResults } from '@app/contracts/participation-views';
import { eq } from 'drizzle-orm';
import { surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { displayAnswer } from '../answers/answer-display';
import { participationView } from './participation-view';
import { getParticipation } from './review.service';
import { loadSurveyDefinition } from './survey-definition.repository';
import { findMedias } from './submission.repository';


/**
 * GET participations/{id}/results: the participation with every question of the survey
 * in answering order and its answer resolved to labels (for the review screen).
 */
export async function getParticipationResults(ctx: RequestContext, id: number): Promise<ParticipationResults> {
  const participation = await getParticipation(ctx, id);
  const [survey] = await ctx.db.orm.select().from(surveys).where(eq(surveys.id, participation.survey_id as number));
  if (!survey) throw notFound();
  const definition = await loadSurveyDefinition(ctx.db, survey);
  const view = await participationView(ctx.db, id);
  const stored = new Map(view.answers.map((a) => [a.question_id, a]));
  const mediaIds = view.answers
    .filter((a) => ['file', 'photo', 'signature'].includes(definition.byId.get(a.question_id)?.type ?? ''))
    .map((a) => a.value as number);
  const files = new Map((await findMedias(ctx.db, mediaIds)).map((m) => [m.id, m]));
  const answers: ParticipationAnswerResult[] = definition.questions.map((question) => {
    const answer = stored.get(question.id);
    const media = answer && typeof answer.value === 'number' ? files.get(answer.value) : undefined;
    return {
      question_id: question.id,
      step_id: question.step_id,
      label: question.label,
      type: question.type,
      required: question.required,
      answered: answer !== undefined,
      value: answer?.value ?? null,
      display: answer ? displayAnswer(question, answer.value, (mid) => files.get(mid)?.original_name ?? undefined, ctx.locale) : '',
      contribution_id: answer?.contribution_id ?? null,
      media:
        media && ['file', 'photo', 'signature'].includes(question.type)
          ? { id: media.id, mime: media.mime, size: media.size, original_name: media.original_name, url: `medias/${media.id}/content` }
          : null,
    };
  });
  return {
    participation: { ...(participation as unknown as ParticipationRecord), survey: { id: survey.id, code: survey.code, title: survey.title, type: survey.type } },
    answers,
  };
}

