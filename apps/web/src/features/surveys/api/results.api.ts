import { api } from '../../../lib/api-client';
import { endOfDayIso, startOfDayIso } from '../participations/participations-query';

/** The submission window the results are computed over (local days, either end open). */
export interface ResultsWindow {
  from: string | null;
  to: string | null;
}

export interface CountShare {
  count: number;
  /** Share of the question's answered participations, 0-100. */
  percent: number;
}

/** One question's aggregates, as `GET surveys/{id}/results` computes them in SQL. */
export interface QuestionResult {
  question_id: number;
  step_id: number | null;
  label: string;
  type: string;
  answered: number;
  /** answered / participations, in percent. */
  answer_rate: number;
  choices?: Array<CountShare & { id: number; label: string; average_position?: number | null; first?: number }>;
  stats?: { average: number | null; min: number | null; max: number | null; sum: number | null };
  distribution?: Array<CountShare & { value: number; label: string }>;
  nps?: { promoters: number; passives: number; detractors: number; score: number | null };
  rows?: Array<{ id: string; label: string; answered: number; columns: Array<CountShare & { id: string; label: string }> }>;
  dates?: { min: string | null; max: string | null };
}

export interface SurveyResults {
  survey: { id: number; code: string; title: string; type: string };
  filters: { from: string | null; to: string | null; status: string[] };
  participations: {
    total: number;
    by_status: Record<string, number>;
    average_score: number | null;
    first_submitted_at: string | null;
    last_submitted_at: string | null;
  };
  questions: QuestionResult[];
}

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
