import { z } from 'zod';
import { pathId } from './ids';
import { FILTER_DAY_MAX_YEAR, FILTER_DAY_MIN_YEAR, isFilterDay } from './validation';
import { SURVEY_TARGET_KINDS, type SurveyTargetKind } from './surveys';

/**
 * Scorecards (`GET overview`, `overview/companies/{id}`, `overview/sites/{id}`): evaluation
 * scores per target, rolled up by site, town, region and company, read from the daily
 * aggregate `score_days` (DOMAIN.md "Scorecards").
 */

/**
 * Lower bounds of the score buckets after the first ("below 0"): one bucket per whole
 * point from 0 to 10 (ratings, scales), then 11–19, 20–49, 50–99 and 100 or more. The
 * database's `width_bucket(score, edges)` gives the bucket's index (0 = below 0).
 */
export const SCORE_BUCKET_EDGES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 20, 50, 100] as const;
export const SCORE_BUCKET_COUNT = SCORE_BUCKET_EDGES.length + 1;

/** French label of bucket `index` ("< 0", "3", "11–19", "≥ 100"). */
export function scoreBucketLabel(index: number): string {
  if (index <= 0) return '< 0';
  const from = SCORE_BUCKET_EDGES[index - 1];
  const next = SCORE_BUCKET_EDGES[index];
  if (next === undefined) return `≥ ${from}`;
  return next - from === 1 ? String(from) : `${from}–${next - 1}`;
}

export const SCORE_GRANULARITIES = ['day', 'week'] as const;
export type ScoreGranularity = (typeof SCORE_GRANULARITIES)[number];

/** The longest period a scorecard covers (trend points stay a few hundred). */
export const SCORECARD_MAX_DAYS = 731;
/** Targets listed in "top" and "bottom". */
export const SCORECARD_TOP = 5;
/** Sites, towns and regions listed at most (best first). */
export const SCORECARD_MAX_GROUPS = 100;

const day = (label: string) =>
  z
    .string({ message: `${label} : une date AAAA-MM-JJ est attendue.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} : une date AAAA-MM-JJ est attendue.` })
    .refine(isFilterDay, { message: `${label} : cette date n'existe pas (années ${FILTER_DAY_MIN_YEAR} à ${FILTER_DAY_MAX_YEAR}).` });

const scorecardFilters = {
  from: day('Début').optional(),
  to: day('Fin').optional(),
  survey_id: pathId.optional(),
  zone_id: pathId.optional(),
  target_kind: z.enum(SURVEY_TARGET_KINDS, { message: 'Type de cible inconnu.' }).optional(),
  granularity: z.enum(SCORE_GRANULARITIES, { message: 'Granularité : day ou week.' }).optional(),
};

/** The period's rules, on any query that carries `from` and `to`. */
function withPeriodRules<T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) {
  return schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'La fin de la période précède son début.', path: ['to'] })
    .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= SCORECARD_MAX_DAYS, {
      message: `La période couvre au plus ${SCORECARD_MAX_DAYS} jours.`,
      path: ['to'],
    });
}

/** Filters of a scorecard, from the query string (every one optional). */
export const scorecardQuery = withPeriodRules(z.object(scorecardFilters));

/**
 * `GET overview` and `overview/companies/{id}`: the scorecard's filters, and `scores=0`
 * (or `false`) for a dashboard that shows no scorecard, so none is computed.
 */
export const overviewQuery = withPeriodRules(
  z.object({
    ...scorecardFilters,
    scores: z.enum(['0', '1', 'true', 'false'], { message: 'scores : 0, 1, true ou false.' }).optional(),
  }),
);
export type OverviewQuery = z.infer<typeof overviewQuery>;

/** Whether an overview query asks for the scorecard (it does unless `scores=0|false`). */
export function wantsScores(query: Pick<OverviewQuery, 'scores'>): boolean {
  return query.scores !== '0' && query.scores !== 'false';
}
export type ScorecardQuery = z.infer<typeof scorecardQuery>;

/** Count, average and spread of a set of evaluations. */
export interface ScoreStats {
  /** Evaluations (submitted, checked or validated). */
  count: number;
  /** Of those, validated. */
  validated: number;
  /** Of those, with a score. */
  scored: number;
  /** Mean score, null when none is scored. */
  average: number | null;
  /** Population standard deviation of the scores, null when none is scored. */
  stddev: number | null;
}

export interface ScoreTargetRow extends ScoreStats {
  kind: SurveyTargetKind;
  id: number;
  name: string | null;
  site_id: number | null;
}

export interface ScoreGroupRow extends ScoreStats {
  id: number;
  name: string | null;
}

export interface ScoreTrendPoint extends ScoreStats {
  /** First day of the point (`YYYY-MM-DD`; Monday for weeks). */
  period: string;
}

export interface ScoreBucket {
  index: number;
  label: string;
  count: number;
}

/** The scores part of an overview. */
export interface Scorecard {
  filters: {
    from: string;
    to: string;
    survey_id: number | null;
    zone_id: number | null;
    target_kind: SurveyTargetKind | null;
    granularity: ScoreGranularity;
  };
  /** When these figures were read; the aggregate is kept exact in every write's transaction. */
  computed_at: string;
  /** The latest change among the aggregate rows read (null when none). */
  last_change_at: string | null;
  totals: ScoreStats & { targets: number };
  trend: ScoreTrendPoint[];
  distribution: ScoreBucket[];
  top: ScoreTargetRow[];
  bottom: ScoreTargetRow[];
  by_kind: Array<ScoreStats & { kind: SurveyTargetKind }>;
  by_site: { rows: ScoreGroupRow[]; total: number };
  by_town: { rows: ScoreGroupRow[]; total: number };
  by_region: { rows: ScoreGroupRow[]; total: number };
  /** Surveys with evaluations in the period, for the survey filter. */
  surveys: Array<{ id: number; title: string; count: number }>;
}

/** `GET overview/sites/{id}`: a site's scorecard (the site, its workspaces and groups). */
export interface SiteScorecard {
  site: { id: number; name: string; code: string; zone_id: number | null; town: string | null; region: string | null };
  scores: Scorecard;
}

/** A row of `GET participations/mine/evaluations` (the `web/reports` page). */
export interface MyEvaluation {
  id: number;
  status: string;
  score: number | null;
  submitted_at: string | null;
  survey: { id: number; title: string };
  company: { id: number; name: string };
  target: { kind: SurveyTargetKind; id: number; name: string | null };
}

/** Query of `GET participations/mine/evaluations`: pages of 20 (0-based `page`). */
export const myEvaluationsQuery = z.object({
  page: z.coerce.number({ message: 'page : un entier positif ou nul est attendu.' }).int({ message: 'page : un entier positif ou nul est attendu.' }).min(0, { message: 'page : un entier positif ou nul est attendu.' }).max(100_000, { message: 'page : 100000 au plus.' }).optional(),
  limit: z.coerce.number({ message: 'limit : un entier de 1 à 100 est attendu.' }).int({ message: 'limit : un entier de 1 à 100 est attendu.' }).min(1, { message: 'limit : un entier de 1 à 100 est attendu.' }).max(100, { message: 'limit : un entier de 1 à 100 est attendu.' }).optional(),
});
