import { readSurveySettings } from '@app/contracts/surveys';
import type { ListMeta } from '@app/contracts/envelope';
import { QUESTION_ANSWERS_PAGE_SIZES, type QuestionAnswerEntry } from '@app/contracts/survey-results';
import type { RequestContext } from '../../../http/actor';
import { notFound, validationFailed } from '../../../http/errors';
import { fromAnswerColumns } from '../answers/answer-columns';
import { displayAnswer } from '../answers/answer-display';
import { loadSurveyDefinition } from '../participations/survey-definition.repository';
import { loadQuestionAnswers } from './question-answers.repository';
import { findResultsSurvey, readResultsFilter } from './results.service';
import { participationText } from '../participations/participation.texts';
import { resultsText } from './results.texts';

const MAX_SEARCH = 100;

/** `page` (from 1), `limit` (10, 20 or 50) and `search` (up to 100 characters), or a 422 naming each bad one in `locale`. */
function readPaging(query: Record<string, unknown>, locale: string): { page: number; limit: number; search: string | null } {
  const errors: Record<string, string[]> = {};
  const page = query.page === undefined || query.page === '' ? 1 : Number(query.page);
  if (!Number.isSafeInteger(page) || page < 1 || page > 100_000) errors.page = [resultsText(locale, 'pageNumber')];
  const limit = query.limit === undefined || query.limit === '' ? QUESTION_ANSWERS_PAGE_SIZES[0] : Number(query.limit);
  if (!(QUESTION_ANSWERS_PAGE_SIZES as readonly number[]).includes(limit)) {
    errors.limit = [resultsText(locale, 'pageSizes', { sizes: QUESTION_ANSWERS_PAGE_SIZES.join(', ') })];
  }
  const rawSearch = query.search;
  if (rawSearch !== undefined && typeof rawSearch !== 'string') errors.search = [resultsText(locale, 'searchText')];
  const search = typeof rawSearch === 'string' ? rawSearch.trim() : '';
  if (search.length > MAX_SEARCH) errors.search = [resultsText(locale, 'searchTooLong', { max: MAX_SEARCH })];
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { page, limit, search: search || null };
}

/**
 * GET surveys/{id}/results/questions/{questionId}/answers: the question's answers, newest
 * first, a page at a time, searchable, under the same filter as the results (from, to,
 * status). An anonymous survey's answers come without the respondent's name.
 */
export async function getQuestionAnswers(
  ctx: RequestContext,
  surveyId: number,
  questionId: number,
  query: Record<string, unknown> = {},
): Promise<{ rows: QuestionAnswerEntry[]; meta: ListMeta }> {
  const survey = await findResultsSurvey(ctx, surveyId);
  const definition = await loadSurveyDefinition(ctx.db, survey);
  const question = definition.byId.get(questionId);
  if (!question) throw notFound(participationText(ctx.locale, 'questionNotFound'));
  const filter = readResultsFilter(survey.id, query, ctx.locale);
  const { page, limit, search } = readPaging(query, ctx.locale);
  const rows = await loadQuestionAnswers(ctx.db, filter, {
    questionId,
    search,
    limit,
    offset: (page - 1) * limit,
    withRespondent: !readSurveySettings(survey.settings).anonymous,
  });
  const total = rows.length ? Number(rows[0].total) : 0;
  const entries = rows.map((row): QuestionAnswerEntry => {
    const value = fromAnswerColumns(question.type, {
      ...row,
      value_number: row.value_number === null ? null : Number(row.value_number),
    });
    return {
      participation_id: Number(row.participation_id),
      submitted_at: row.submitted_at === null ? null : new Date(row.submitted_at).toISOString(),
      respondent: row.respondent,
      display: displayAnswer(question, value, () => row.media_name ?? undefined, ctx.locale),
      media:
        row.media_id === null || row.media_kind === null || row.media_mime === null
          ? null
          : { id: Number(row.media_id), kind: row.media_kind, mime: row.media_mime, original_name: row.media_name },
    };
  });
  return { rows: entries, meta: { limit, page, start: (page - 1) * limit, has_more: page * limit < total, total } };
}
