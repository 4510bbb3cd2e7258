/**
 * What `GET surveys/{id}/results` and `GET surveys/{id}/results/questions/{qid}/answers`
 * answer (API.md "Survey results"): the API builds these, the results tab reads them.
 */

export interface CountShare {
  count: number;
  /** Share of the question's answered participations, 0-100. */
  percent: number;
}

/** One question's aggregates, as the server computes them in SQL. */
export interface QuestionResult {
  question_id: number;
  step_id: number | null;
  label: string;
  type: string;
  /** Participations (in the filter) with an answer to this question. */
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

/**
 * One answer in a question's latest answers (`GET surveys/{id}/results/questions/{qid}/answers`),
 * newest first: what text, time, file and photo questions show beyond their count.
 */
export interface QuestionAnswerEntry {
  participation_id: number;
  submitted_at: string | null;
  /** The respondent's name; always null in an anonymous survey (DOMAIN.md). */
  respondent: string | null;
  /** The answer as French text (a file's name for files and photos). */
  display: string;
  /** The file of a file, photo or signature answer: fetch `medias/{id}/content`. */
  media: { id: number; kind: 'image' | 'file'; mime: string; original_name: string | null } | null;
}

/** Page sizes of the latest answers (section 9: 10 by default). */
export const QUESTION_ANSWERS_PAGE_SIZES = [10, 20, 50] as const;
