/**
 * Per-question aggregates of a survey's participations, all computed by PostgreSQL:
 * only aggregated rows (a few per question or choice) ever reach the process, whatever
 * the number of participations.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

export interface ResultsFilter {
  surveyId: number;
  statuses: string[];
  /** Inclusive lower and exclusive upper bound on submitted_at. */
  from: Date | null;
  to: Date | null;
}

/** The filtered participations, as a subquery of ids (served by participations_survey_idx). */
export function participationIds(f: ResultsFilter): SQL {
  const conditions = [
    sql`p.survey_id = ${f.surveyId}`,
    sql`p.deleted_at IS NULL`,
    sql`p.status IN (${sql.join(
      f.statuses.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  ];
  if (f.from) conditions.push(sql`p.submitted_at >= ${f.from.toISOString()}`);
  if (f.to) conditions.push(sql`p.submitted_at < ${f.to.toISOString()}`);
  return sql`SELECT p.id FROM participations p WHERE ${sql.join(conditions, sql` AND `)}`;
}

const idList = (ids: number[]) => sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

export interface SummaryRow {
  status: string;
  n: number | string;
  scored: number | string;
  score_sum: number | string | null;
  first_at: string | Date | null;
  last_at: string | Date | null;
}

export function loadSummary(db: Database, f: ResultsFilter): Promise<SummaryRow[]> {
  return db.rows<SummaryRow>(sql`
    SELECT status, count(*) AS n, count(score) AS scored, sum(score) AS score_sum, min(submitted_at) AS first_at, max(submitted_at) AS last_at
      FROM participations
     WHERE id IN (${participationIds(f)})
     GROUP BY status`);
}

export interface QuestionStatsRow {
  question_id: number;
  answered: number | string;
  average: number | string | null;
  min: number | string | null;
  max: number | string | null;
  sum: number | string | null;
  min_date: string | null;
  max_date: string | null;
  promoters: number | string;
  detractors: number | string;
}

/** Answered count and numeric statistics per question, one pass over the survey's answers. */
export function loadQuestionStats(db: Database, f: ResultsFilter): Promise<QuestionStatsRow[]> {
  return db.rows<QuestionStatsRow>(sql`
    SELECT a.question_id, count(*) AS answered,
           avg(a.value_number) AS average, min(a.value_number) AS min, max(a.value_number) AS max, sum(a.value_number) AS sum,
           min(a.value_date) AS min_date, max(a.value_date) AS max_date,
           count(*) FILTER (WHERE a.value_number >= 9) AS promoters,
           count(*) FILTER (WHERE a.value_number <= 6) AS detractors
      FROM answers a
     WHERE a.survey_id = ${f.surveyId} AND a.participation_id IN (${participationIds(f)})
     GROUP BY a.question_id`);
}

export interface ChoiceCountRow {
  question_id: number;
  choice_id: number;
  n: number | string;
  average_position: number | string;
  first: number | string;
}

/** Picks per choice (and, for rankings, the mean rank and how often it came first). */
export function loadChoiceCounts(db: Database, f: ResultsFilter, questionIds: number[]): Promise<ChoiceCountRow[]> {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db.rows<ChoiceCountRow>(sql`
    SELECT a.question_id, c.choice_id, count(*) AS n, avg(c.ord) AS average_position, count(*) FILTER (WHERE c.ord = 1) AS first
      FROM answers a
     CROSS JOIN LATERAL unnest(a.value_choices) WITH ORDINALITY AS c(choice_id, ord)
     WHERE a.survey_id = ${f.surveyId} AND a.question_id IN ${idList(questionIds)}
       AND a.participation_id IN (${participationIds(f)})
     GROUP BY a.question_id, c.choice_id`);
}

export interface ValueCountRow {
  question_id: number;
  value: number | string;
  n: number | string;
}

/** How many answers gave each value (ratings, scales, yes/no). */
export function loadValueCounts(db: Database, f: ResultsFilter, questionIds: number[]): Promise<ValueCountRow[]> {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db.rows<ValueCountRow>(sql`
    SELECT a.question_id, a.value_number AS value, count(*) AS n
      FROM answers a
     WHERE a.survey_id = ${f.surveyId} AND a.question_id IN ${idList(questionIds)}
       AND a.value_number IS NOT NULL AND a.participation_id IN (${participationIds(f)})
     GROUP BY a.question_id, a.value_number`);
}

export interface MatrixCountRow {
  question_id: number;
  row_id: string;
  column_id: string;
  n: number | string;
}

/** Picks per matrix cell; a multiple-answer row holds a list of columns. */
export function loadMatrixCounts(db: Database, f: ResultsFilter, questionIds: number[]): Promise<MatrixCountRow[]> {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db.rows<MatrixCountRow>(sql`
    SELECT a.question_id, r.key AS row_id, col.value AS column_id, count(*) AS n
      FROM answers a
     CROSS JOIN LATERAL jsonb_each(a.value_json) AS r(key, cell)
     CROSS JOIN LATERAL jsonb_array_elements_text(
            CASE WHEN jsonb_typeof(r.cell) = 'array' THEN r.cell ELSE jsonb_build_array(r.cell) END) AS col(value)
     WHERE a.survey_id = ${f.surveyId} AND a.question_id IN ${idList(questionIds)}
       AND jsonb_typeof(a.value_json) = 'object' AND a.participation_id IN (${participationIds(f)})
     GROUP BY a.question_id, r.key, col.value`);
}
