/**
 * One question's answers, newest first, one page at a time: the rows behind the "latest
 * answers" list and the photo gallery of the results tab.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { participationIds, type ResultsFilter } from './results.repository';

export interface QuestionAnswerRow {
  participation_id: number;
  submitted_at: string | Date | null;
  respondent: string | null;
  value_text: string | null;
  value_number: number | string | null;
  value_date: string | null;
  value_choices: number[] | null;
  value_json: unknown;
  media_id: number | null;
  media_kind: 'image' | 'file' | null;
  media_mime: string | null;
  media_name: string | null;
  total: number | string;
}

export interface AnswerPage {
  questionId: number;
  /** Words looked for in the text of the answer or the file's name (ILIKE, escaped). */
  search: string | null;
  limit: number;
  offset: number;
  /** False in an anonymous survey: the respondent's name is never read. */
  withRespondent: boolean;
}

/** `%`, `_` and `\` typed by the reader are matched as themselves. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export function loadQuestionAnswers(db: Database, f: ResultsFilter, page: AnswerPage): Promise<QuestionAnswerRow[]> {
  const search = page.search
    ? sql`AND (a.value_text ILIKE ${likePattern(page.search)} OR m.original_name ILIKE ${likePattern(page.search)})`
    : sql``;
  const respondent = page.withRespondent
    ? sql`coalesce(pt.name, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username)`
    : sql`NULL::text`;
  return db.rows<QuestionAnswerRow>(sql`
    SELECT p.id AS participation_id, p.submitted_at, ${respondent} AS respondent,
           a.value_text, a.value_number, a.value_date, a.value_choices, a.value_json, a.media_id,
           m.kind AS media_kind, m.mime AS media_mime, m.original_name AS media_name,
           count(*) OVER () AS total
      FROM answers a
      JOIN participations p ON p.id = a.participation_id
      LEFT JOIN medias m ON m.id = a.media_id
      ${page.withRespondent ? sql`LEFT JOIN participants pt ON pt.id = p.participant_id LEFT JOIN users u ON u.id = p.user_id` : sql``}
     WHERE a.survey_id = ${f.surveyId} AND a.question_id = ${page.questionId}
       AND a.participation_id IN (${participationIds(f)}) ${search}
     ORDER BY p.submitted_at DESC NULLS LAST, p.id DESC
     LIMIT ${page.limit} OFFSET ${page.offset}`);
}
