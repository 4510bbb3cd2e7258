import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Evaluation scores pre-aggregated per company, survey, target and day (Africa/Douala),
 * read by the scorecards (`GET overview`, `overview/sites/{id}`) instead of the
 * participations themselves. Kept exact in the same transaction as every write to
 * `participations` by statement-level triggers (migration `score_days`), rebuilt from
 * scratch by `rebuildScoreDays`. A derived table: no foreign keys (a company's deletion
 * cascades to its participations, whose triggers bring these rows to zero).
 *
 * A participation counts once submitted (submitted, checked or validated), not deleted,
 * with a target. `hist` holds SCORE_BUCKET_EDGES' buckets (contracts/scorecards.ts).
 */
export const scoreDays = pgTable(
  'score_days',
  {
    company_id: integer('company_id').notNull(),
    survey_id: integer('survey_id').notNull(),
    target_kind: text('target_kind').notNull(),
    target_id: integer('target_id').notNull(),
    day: date('day').notNull(),
    /** Evaluations counted. */
    n: integer('n').notNull().default(0),
    /** Of those, the ones with a score (a survey may score nothing). */
    n_scored: integer('n_scored').notNull().default(0),
    n_validated: integer('n_validated').notNull().default(0),
    score_sum: doublePrecision('score_sum').notNull().default(0),
    /** Sum of squared scores: the spread (standard deviation) without the rows. */
    score_sq: doublePrecision('score_sq').notNull().default(0),
    hist: integer('hist').array().notNull().default(sql`'{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'::integer[]`),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.survey_id, t.target_kind, t.target_id, t.day] }),
    index('score_days_company_day_idx').on(t.company_id, t.day),
    index('score_days_target_idx').on(t.company_id, t.target_kind, t.target_id, t.day),
  ],
);
