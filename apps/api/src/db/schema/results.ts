import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The parts every survey-results aggregate is summed from (DOMAIN.md "Survey results"),
 * per survey, UTC day of `submitted_at` ('-infinity' for a participation never submitted)
 * and status. One row per `kind`:
 * - `p` the participations themselves: n, n_num = with a score, num_sum = score sum;
 * - `q` a question's answers: n, n_num = with a number, num_sum, promoters (≥ 9), detractors (≤ 6);
 * - `v` answers giving the number `num_key` (distributions, and min/max: they do not
 *   subtract, counts of each value do);
 * - `d` answers giving the date `key` (min/max dates, as above);
 * - `c` picks of the choice `num_key` (ord_sum of the ranks, firsts = ranked first);
 * - `m` picks of a matrix cell, `key` = JSON `[row, column]`.
 * Every part adds, so a write adds what its new rows count and takes away what its old
 * rows counted: the triggers of migration `result_days` append those signed parts to
 * `result_day_deltas` (no upsert, so concurrent submissions never wait on one another);
 * a results request folds them into `result_days` (`result_days_compact`) and sums both.
 * Derived tables: no foreign keys; a survey's deletion deletes its rows.
 */
const partColumns = {
  survey_id: integer('survey_id').notNull(),
  day: date('day').notNull(),
  status: text('status').notNull(),
  kind: text('kind').notNull(),
  question_id: integer('question_id').notNull().default(0),
  key: text('key').notNull().default(''),
  num_key: doublePrecision('num_key').notNull().default(0),
  n: integer('n').notNull().default(0),
  n_num: integer('n_num').notNull().default(0),
  num_sum: doublePrecision('num_sum').notNull().default(0),
  promoters: integer('promoters').notNull().default(0),
  detractors: integer('detractors').notNull().default(0),
  ord_sum: bigint('ord_sum', { mode: 'number' }).notNull().default(0),
  firsts: integer('firsts').notNull().default(0),
};

export const resultDays = pgTable('result_days', partColumns, (t) => [
  // Kind and question first: a request reads some kinds whole, and the ends of a question's values.
  primaryKey({ columns: [t.survey_id, t.kind, t.question_id, t.key, t.num_key, t.day, t.status] }),
  /** Parts brought back to zero (a status change moves them), deleted after each fold. */
  index('result_days_empty_idx').on(t.survey_id).where(sql`n = 0`),
]);

/** Signed parts appended by the triggers, not yet folded into `result_days`. */
export const resultDayDeltas = pgTable('result_day_deltas', partColumns, (t) => [index('result_day_deltas_survey_idx').on(t.survey_id)]);
