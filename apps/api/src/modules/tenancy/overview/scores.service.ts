import type { SurveyTargetKind } from '@app/contracts';
import {
  SCORE_BUCKET_COUNT,
  SCORECARD_TOP,
  type Scorecard,
  type ScorecardQuery,
  type ScoreGroupRow,
  type ScoreStats,
  type ScoreTargetRow,
  scoreBucketLabel,
  type SiteScorecard,
} from '@app/contracts/scorecards';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { forbidden, notFound } from '../../../http/errors';
import { requireActor, requireCompany } from '../companies/tenancy';
import { type GroupedRow, readGroupedScores, readTrendAndBuckets, type ScoreScope } from './scores.repository';

/** The permission that opens scorecards: they summarise the company's participations. */
export const SCORES_PERMISSION = 'participations.list';
/** The period when none is given: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

const ZONE = 'Africa/Douala';

/** Today in Africa/Douala as `YYYY-MM-DD`. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

function shiftDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function statsOf(row: Pick<GroupedRow, 'n' | 'n_scored' | 'n_validated' | 'score_sum' | 'score_sq'> | undefined | null): ScoreStats {
  if (!row || row.n === 0) return { count: 0, validated: 0, scored: 0, average: null, stddev: null };
  const average = row.n_scored > 0 ? row.score_sum / row.n_scored : null;
  // Var = E[x²] − E[x]²; rounding may leave a tiny negative for equal scores.
  const variance = average === null ? null : Math.max(0, row.score_sq / row.n_scored - average * average);
  const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
  return { count: row.n, validated: row.n_validated, scored: row.n_scored, average: round(average), stddev: round(variance === null ? null : Math.sqrt(variance)) };
}

function targetRow(row: GroupedRow): ScoreTargetRow {
  return { kind: row.target_kind as SurveyTargetKind, id: row.target_id!, name: row.name, site_id: row.site_of_target, ...statsOf(row) };
}

function groupRows(rows: GroupedRow[], set: 'site' | 'town' | 'region', key: 'site_id' | 'town_id' | 'region_id'): { rows: ScoreGroupRow[]; total: number } {
  const mine = rows.filter((r) => r.g === set).sort((a, b) => a.best - b.best);
  return { rows: mine.map((r) => ({ id: r[key]!, name: r.name, ...statsOf(r) })), total: mine[0]?.set_size ?? 0 };
}

/** Reads one scorecard for an already authorised scope. */
export async function readScorecard(db: Database, scope: ScoreScope, filters: ScorecardQuery): Promise<Scorecard> {
  const [rows, { trend, buckets }, [clock]] = await Promise.all([
    readGroupedScores(db, scope),
    readTrendAndBuckets(db, scope),
    db.rows<{ now: string }>(sql`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS now`),
  ]);
  const total = rows.find((r) => r.g === 'total');
  const targets = rows.filter((r) => r.g === 'target');
  const lastChange = total?.last_change ?? null;
  return {
    filters: {
      from: scope.from,
      to: scope.to,
      survey_id: scope.surveyId,
      zone_id: scope.zoneId,
      target_kind: (filters.target_kind ?? null) as SurveyTargetKind | null,
      granularity: scope.granularity,
    },
    computed_at: clock.now,
    last_change_at: lastChange,
    totals: { ...statsOf(total), targets: targets[0]?.set_size ?? 0 },
    trend: trend.map((r) => ({ period: r.period!, ...statsOf(r) })),
    distribution: Array.from({ length: SCORE_BUCKET_COUNT }, (_, index) => ({ index, label: scoreBucketLabel(index), count: buckets[index] })),
    top: targets.filter((r) => r.best <= SCORECARD_TOP && r.n_scored > 0).sort((a, b) => a.best - b.best).map(targetRow),
    bottom: targets.filter((r) => r.worst <= SCORECARD_TOP && r.n_scored > 0).sort((a, b) => a.worst - b.worst).map(targetRow),
    by_kind: rows
      .filter((r) => r.g === 'kind')
      .sort((a, b) => b.n - a.n)
      .map((r) => ({ kind: r.target_kind as SurveyTargetKind, ...statsOf(r) })),
    by_site: groupRows(rows, 'site', 'site_id'),
    by_town: groupRows(rows, 'town', 'town_id'),
    by_region: groupRows(rows, 'region', 'region_id'),
    surveys: rows
      .filter((r) => r.g === 'survey')
      .sort((a, b) => b.n - a.n)
      .map((r) => ({ id: r.survey_id!, title: r.name ?? '', count: r.n })),
  };
}

/** The scope of a company's scorecard from the query's filters (the last 30 days by default). */
export function scopeOf(companyId: number, filters: ScorecardQuery, siteId: number | null = null): ScoreScope {
  const to = filters.to ?? (filters.from ? shiftDays(filters.from, DEFAULT_DAYS - 1) : today());
  const from = filters.from ?? shiftDays(to, -(DEFAULT_DAYS - 1));
  return {
    companyId,
    from,
    to,
    surveyId: filters.survey_id ?? null,
    zoneId: filters.zone_id ?? null,
    targetKind: filters.target_kind ?? null,
    siteId,
    granularity: filters.granularity ?? 'day',
  };
}

/** Whether the caller may see the company's scorecards (the overview then carries them). */
export function maySeeScores(ctx: RequestContext): boolean {
  return ctx.actor !== null && hasPermission(ctx.actor, SCORES_PERMISSION);
}

/**
 * `GET overview/sites/{id}`: the scorecard of one site of the active company (the site,
 * its workspaces and groups); another company's site is a 404.
 */
export async function siteScorecard(ctx: RequestContext, siteId: number, filters: ScorecardQuery): Promise<SiteScorecard> {
  const actor = requireActor(ctx);
  const companyId = actor.type === 'admin' && actor.companyId == null ? null : requireCompany(ctx).companyId;
  const [site] = await ctx.db.rows<{ id: number; company_id: number; name: string; code: string; zone_id: number | null; town: string | null; region: string | null }>(sql`
    SELECT s.id, s.company_id, s.name, s.code, s.zone_id, z1.name AS town,
      CASE WHEN z1.type = 'region' THEN z1.name WHEN z2.type = 'region' THEN z2.name WHEN z3.type = 'region' THEN z3.name END AS region
    FROM sites s
    LEFT JOIN zones z1 ON z1.id = s.zone_id LEFT JOIN zones z2 ON z2.id = z1.parent_id LEFT JOIN zones z3 ON z3.id = z2.parent_id
    WHERE s.id = ${siteId} AND s.deleted_at IS NULL ${companyId === null ? sql`` : sql`AND s.company_id = ${companyId}`}`);
  if (!site) throw notFound();
  if (!hasPermission(actor, SCORES_PERMISSION)) throw forbidden();
  const scores = await readScorecard(ctx.db, scopeOf(site.company_id, { ...filters, zone_id: undefined }, site.id), filters);
  return { site: { id: site.id, name: site.name, code: site.code, zone_id: site.zone_id, town: site.town, region: site.region }, scores };
}
