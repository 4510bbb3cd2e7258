import { SCORE_BUCKET_COUNT, SCORECARD_MAX_GROUPS, SCORECARD_TOP, type ScoreGranularity } from '@app/contracts/scorecards';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * The scorecard statements, over `score_days` (never over participations), both on the
 * same filtered rows (`filteredDays`): one sums them per survey and target first, then
 * rolls that small set up with GROUPING SETS (totals, targets, kinds, sites, towns,
 * regions, surveys); the other gives the trend and the score buckets in one pass.
 */

export interface ScoreScope {
  companyId: number;
  from: string;
  to: string;
  surveyId: number | null;
  zoneId: number | null;
  targetKind: string | null;
  /** A site's scorecard: the site itself, its workspaces and its groups. */
  siteId: number | null;
  granularity: ScoreGranularity;
}

/**
 * Every evaluable object of the company with the site it belongs to (a workspace's or a
 * group's site; agents, audiences and the company have none) and its name.
 */
function targetsOf(companyId: number): SQL {
  return sql`
    SELECT 'site'::text AS kind, s.id AS target_id, s.id AS site_id, s.name FROM sites s WHERE s.company_id = ${companyId}
    UNION ALL SELECT 'workspace', w.id, w.site_id, w.name FROM workspaces w WHERE w.company_id = ${companyId}
    UNION ALL SELECT 'group', g.id, g.site_id, g.name FROM groups g WHERE g.company_id = ${companyId}
    UNION ALL SELECT 'agent', a.id, NULL, NULLIF(trim(concat_ws(' ', a.first_name, a.last_name)), '') FROM agents a WHERE a.company_id = ${companyId}
    UNION ALL SELECT 'audience', au.id, NULL, au.name FROM audiences au WHERE au.company_id = ${companyId}
    UNION ALL SELECT 'company', c.id, NULL, c.name FROM companies c WHERE c.id = ${companyId}`;
}

/**
 * Each site of the company with its town (the site's zone) and region: the first
 * ancestor of type region (a town may sit under a district), and the zones above it
 * for the zone filter.
 */
function sitePlacesOf(companyId: number): SQL {
  return sql`
    SELECT s.id AS site_id, z1.id AS town_id,
      CASE WHEN z1.type = 'region' THEN z1.id WHEN z2.type = 'region' THEN z2.id WHEN z3.type = 'region' THEN z3.id END AS region_id,
      ARRAY_REMOVE(ARRAY[z1.id, z2.id, z3.id, z4.id], NULL) AS zone_path
    FROM sites s
    LEFT JOIN zones z1 ON z1.id = s.zone_id
    LEFT JOIN zones z2 ON z2.id = z1.parent_id
    LEFT JOIN zones z3 ON z3.id = z2.parent_id
    LEFT JOIN zones z4 ON z4.id = z3.parent_id
    WHERE s.company_id = ${companyId}`;
}

function periodOf(granularity: ScoreGranularity): SQL {
  return granularity === 'week' ? sql`date_trunc('week', d.day)::date` : sql`d.day`;
}

/**
 * The aggregate rows of the scope, straight from `score_days` (its company/day index): a
 * zone or a site narrows the targets by a hashed semi-join, so the big table is never
 * joined row by row.
 */
function filteredDays(scope: ScoreScope): SQL {
  const conditions: SQL[] = [
    sql`d.company_id = ${scope.companyId}`,
    sql`d.day BETWEEN ${scope.from}::date AND ${scope.to}::date`,
    // A deleted survey's evaluations leave the scorecards with it.
    sql`d.survey_id IN (SELECT id FROM surveys WHERE company_id = ${scope.companyId} AND deleted_at IS NULL)`,
  ];
  if (scope.surveyId !== null) conditions.push(sql`d.survey_id = ${scope.surveyId}`);
  if (scope.targetKind !== null) conditions.push(sql`d.target_kind = ${scope.targetKind}`);
  const places: SQL[] = [];
  if (scope.zoneId !== null) places.push(sql`${scope.zoneId}::int = ANY(p.zone_path)`);
  if (scope.siteId !== null) places.push(sql`tg.site_id = ${scope.siteId}`);
  if (places.length) {
    conditions.push(sql`(d.target_kind, d.target_id) IN (SELECT tg.kind, tg.target_id FROM targets tg JOIN places p ON p.site_id = tg.site_id WHERE ${sql.join(places, sql` AND `)})`);
  }
  return sql`SELECT d.* FROM score_days d WHERE ${sql.join(conditions, sql` AND `)}`;
}

function withTargets(scope: ScoreScope): SQL {
  return sql`WITH targets AS MATERIALIZED (${targetsOf(scope.companyId)}), places AS MATERIALIZED (${sitePlacesOf(scope.companyId)})`;
}

export type GroupSet = 'total' | 'target' | 'kind' | 'site' | 'town' | 'region' | 'period' | 'survey';

export interface GroupedRow {
  g: GroupSet;
  target_kind: string | null;
  target_id: number | null;
  site_id: number | null;
  town_id: number | null;
  region_id: number | null;
  period: string | null;
  survey_id: number | null;
  n: number;
  n_scored: number;
  n_validated: number;
  score_sum: number;
  score_sq: number;
  last_change: string | null;
  /** Rank by average, best first (and worst first for targets). */
  best: number;
  worst: number;
  /** Members of this row's set (targets, sites… in the period). */
  set_size: number;
  name: string | null;
  site_of_target: number | null;
}

/**
 * Totals, targets, sites, towns, regions, kinds, surveys and trend points in one pass;
 * of targets only the top and bottom SCORECARD_TOP come back, of places the best
 * SCORECARD_MAX_GROUPS, each with the size of its set.
 */
export async function readGroupedScores(db: Database, scope: ScoreScope): Promise<GroupedRow[]> {
  const average = sql`(sum(score_sum) / NULLIF(sum(n_scored), 0))`;
  const rows = await db.rows<Record<string, unknown>>(sql`
    ${withTargets(scope)},
    per_target AS (
      SELECT survey_id, target_kind, target_id, sum(n) AS n, sum(n_scored) AS n_scored, sum(n_validated) AS n_validated,
        sum(score_sum) AS score_sum, sum(score_sq) AS score_sq, max(updated_at) AS updated_at
      FROM (${filteredDays(scope)}) AS d
      GROUP BY survey_id, target_kind, target_id
    ),
    f AS (
      SELECT pt.*, tg.site_id, p.town_id, p.region_id
      FROM per_target pt
      LEFT JOIN targets tg ON tg.kind = pt.target_kind AND tg.target_id = pt.target_id
      LEFT JOIN places p ON p.site_id = tg.site_id
    ),
    agg AS (
      SELECT
        CASE
          WHEN GROUPING(target_id) = 0 THEN 'target' WHEN GROUPING(target_kind) = 0 THEN 'kind'
          WHEN GROUPING(site_id) = 0 THEN 'site' WHEN GROUPING(town_id) = 0 THEN 'town'
          WHEN GROUPING(region_id) = 0 THEN 'region' WHEN GROUPING(survey_id) = 0 THEN 'survey' ELSE 'total'
        END AS g,
        target_kind, target_id, site_id, town_id, region_id, NULL::date AS period, survey_id,
        sum(n)::int AS n, sum(n_scored)::int AS n_scored, sum(n_validated)::int AS n_validated,
        sum(score_sum)::float8 AS score_sum, sum(score_sq)::float8 AS score_sq, max(updated_at) AS last_change,
        ${average} AS average
      FROM f
      GROUP BY GROUPING SETS ((), (target_kind, target_id), (target_kind), (site_id), (town_id), (region_id), (survey_id))
      HAVING sum(n) > 0
    ),
    ranked AS (
      SELECT agg.*,
        row_number() OVER (PARTITION BY g ORDER BY average DESC NULLS LAST, n DESC, target_kind, target_id, site_id, town_id, region_id) AS best,
        row_number() OVER (PARTITION BY g ORDER BY average ASC NULLS LAST, n DESC, target_kind, target_id, site_id, town_id, region_id) AS worst,
        count(*) OVER (PARTITION BY g) AS set_size
      FROM agg
      -- Evaluations of targets without a site (agents, audiences) or of a site without a zone have no place here.
      WHERE NOT ((g = 'site' AND site_id IS NULL) OR (g = 'town' AND town_id IS NULL) OR (g = 'region' AND region_id IS NULL))
    )
    SELECT r.g, r.target_kind, r.target_id, r.site_id, r.town_id, r.region_id, to_char(r.period, 'YYYY-MM-DD') AS period, r.survey_id,
      r.n, r.n_scored, r.n_validated, r.score_sum, r.score_sq,
      to_char(r.last_change AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_change,
      r.best, r.worst, r.set_size, tg.site_id AS site_of_target,
      COALESCE(tg.name, st.name, z.name, sv.title) AS name
    FROM ranked r
    LEFT JOIN targets tg ON r.g = 'target' AND tg.kind = r.target_kind AND tg.target_id = r.target_id
    LEFT JOIN sites st ON r.g = 'site' AND st.id = r.site_id
    LEFT JOIN zones z ON (r.g = 'town' AND z.id = r.town_id) OR (r.g = 'region' AND z.id = r.region_id)
    LEFT JOIN surveys sv ON r.g = 'survey' AND sv.id = r.survey_id
    WHERE r.g IN ('total', 'kind', 'survey')
      OR (r.g = 'target' AND (r.best <= ${SCORECARD_TOP} OR r.worst <= ${SCORECARD_TOP}))
      OR (r.g IN ('site', 'town', 'region') AND r.best <= ${SCORECARD_MAX_GROUPS})`);
  return rows.map((r) => ({
    ...(r as unknown as GroupedRow),
    n: Number(r.n),
    n_scored: Number(r.n_scored),
    n_validated: Number(r.n_validated),
    score_sum: Number(r.score_sum),
    score_sq: Number(r.score_sq),
    best: Number(r.best),
    worst: Number(r.worst),
    set_size: Number(r.set_size),
    target_id: r.target_id === null ? null : Number(r.target_id),
    site_id: r.site_id === null ? null : Number(r.site_id),
    town_id: r.town_id === null ? null : Number(r.town_id),
    region_id: r.region_id === null ? null : Number(r.region_id),
    survey_id: r.survey_id === null ? null : Number(r.survey_id),
    site_of_target: r.site_of_target === null ? null : Number(r.site_of_target),
  }));
}

export interface TrendRow {
  period: string | null;
  n: number;
  n_scored: number;
  n_validated: number;
  score_sum: number;
  score_sq: number;
}

/**
 * The trend (one row per day or week) and, on the row without a period, the evaluations
 * per score bucket (SCORE_BUCKET_EDGES), in one pass over the same rows.
 */
export async function readTrendAndBuckets(db: Database, scope: ScoreScope): Promise<{ trend: TrendRow[]; buckets: number[] }> {
  const sums = Array.from({ length: SCORE_BUCKET_COUNT }, (_, i) => sql`COALESCE(sum(hist[${sql.raw(String(i + 1))}]), 0)::int AS ${sql.identifier(`b${i}`)}`);
  const rows = await db.rows<Record<string, unknown>>(sql`
    ${withTargets(scope)}
    SELECT to_char(${periodOf(scope.granularity)}, 'YYYY-MM-DD') AS period, GROUPING(${periodOf(scope.granularity)}) AS whole,
      sum(n)::int AS n, sum(n_scored)::int AS n_scored, sum(n_validated)::int AS n_validated,
      COALESCE(sum(score_sum), 0)::float8 AS score_sum, COALESCE(sum(score_sq), 0)::float8 AS score_sq, ${sql.join(sums, sql`, `)}
    FROM (${filteredDays(scope)}) AS d
    GROUP BY GROUPING SETS ((${periodOf(scope.granularity)}), ())
    ORDER BY 1`);
  const whole = rows.find((r) => Number(r.whole) === 1);
  const trend = rows
    .filter((r) => Number(r.whole) === 0 && Number(r.n) > 0)
    .map((r) => ({
      period: r.period as string,
      n: Number(r.n),
      n_scored: Number(r.n_scored),
      n_validated: Number(r.n_validated),
      score_sum: Number(r.score_sum),
      score_sq: Number(r.score_sq),
    }));
  return { trend, buckets: Array.from({ length: SCORE_BUCKET_COUNT }, (_, i) => Number(whole?.[`b${i}`] ?? 0)) };
}
