import type { QuestionAnswerEntry, QuestionResult, SurveyResults } from '@app/contracts/survey-results';
import { api } from '../../../lib/api-client';
import { endOfDayIso, startOfDayIso } from '../../collection/participations/participations-query';

/** The submission window the results are computed over (local days, either end open). */
export interface ResultsWindow {
  from: string | null;
  to: string | null;
}


export type { QuestionAnswerEntry, QuestionResult, SurveyResults };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The results query: local days sent as instants, so "today" means the reader's today. */
export function resultsQueryOf(window: ResultsWindow): Record<string, string> {
  let first = window.from && DAY.test(window.from) ? window.from : null;
  let last = window.to && DAY.test(window.to) ? window.to : null;
  if (first && last && first > last) [first, last] = [last, first];
  const query: Record<string, string> = {};
  if (first) query.from = startOfDayIso(first);
  if (last) query.to = endOfDayIso(last);
  return query;
}

/** Per-question aggregates of a survey's submitted, checked and validated participations. */
export function getSurveyResults(surveyId: number, window: ResultsWindow, signal?: AbortSignal) {
  return api.get<SurveyResults>(`surveys/${surveyId}/results`, { query: resultsQueryOf(window), signal });
}

/** A page of one question's latest answers, searchable, over the same window as the results. */
export function getQuestionAnswers(
  surveyId: number,
  questionId: number,
  options: { window: ResultsWindow; page: number; limit: number; search: string },
  signal?: AbortSignal,
) {
  const query: Record<string, string | number> = { ...resultsQueryOf(options.window), page: options.page, limit: options.limit };
  if (options.search.trim()) query.search = options.search.trim();
  return api.request<QuestionAnswerEntry[]>('GET', `surveys/${surveyId}/results/questions/${questionId}/answers`, { query, signal });
}
