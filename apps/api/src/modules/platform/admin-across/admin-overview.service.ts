import type { AdminOverview, AdminOverviewQuery, ScoreLine } from '@app/contracts/admin-platform';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { validationFailed } from '../../../http/errors';
import { requireAdmin } from '../../administration/admin-guard';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 90;
const MAX_DAYS = 731;

/** Today in Africa/Douala (UTC+1, no daylight saving), as score_days counts days. */
function doualaToday(): string {
  return new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
}

function periodOf(query: AdminOverviewQuery): { from: string; to: string } {
  const to = query.to ?? doualaToday();
  const from = query.from ?? new Date(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  if (from > to) throw validationFailed({ from: ['La date de début doit précéder la date de fin.'] });
  if (Date.parse(to) - Date.parse(from) > MAX_DAYS * DAY_MS) throw validationFailed({ from: ['La période ne peut pas dépasser deux ans.'] });
  return { from, to };
}

const FIGURES = sql`sum(d.n)::int AS evaluations, sum(d.n_validated)::int AS validated,
  CASE WHEN sum(d.n_scored) > 0 THEN round((sum(d.score_sum) / sum(d.n_scored))::numeric, 2)::float8 END AS average`;

/**
 * mnt/overview: the business scorecards (evaluations counted, validated, average score)
 * of every company at once, by sector, by region and by company, and their trend by
 * day, read from the pre-aggregated score_days.
 */
export async function platformOverview(ctx: RequestContext, query: AdminOverviewQuery): Promise<AdminOverview> {
  requireAdmin(ctx);
  const { from, to } = periodOf(query);
  const scope: SQL[] = [sql`d.day BETWEEN ${from}::date AND ${to}::date`, sql`c.deleted_at IS NULL`];
  if (query.sector_id) scope.push(sql`c.sector_id = ${query.sector_id}`);
  const base = sql`FROM score_days d JOIN companies c ON c.id = d.company_id WHERE ${sql.join(scope, sql` AND `)}`;
  const [totals] = await ctx.db.rows<AdminOverview['totals']>(sql`SELECT ${FIGURES}, count(DISTINCT d.company_id)::int AS companies ${base}`);
  const bySector = await ctx.db.rows<ScoreLine>(sql`
    SELECT s.id, s.name, ${FIGURES} FROM score_days d JOIN companies c ON c.id = d.company_id LEFT JOIN sectors s ON s.id = c.sector_id
     WHERE ${sql.join(scope, sql` AND `)} GROUP BY s.id, s.name ORDER BY evaluations DESC, s.name`);
  // A company's zone is a town (or a district or region): its region is the first region up the tree.
  const byRegion = await ctx.db.rows<ScoreLine>(sql`
    SELECT r.id, r.name, ${FIGURES} FROM score_days d JOIN companies c ON c.id = d.company_id
      LEFT JOIN zones z0 ON z0.id = c.zone_id LEFT JOIN zones z1 ON z1.id = z0.parent_id LEFT JOIN zones z2 ON z2.id = z1.parent_id
      LEFT JOIN zones r ON r.id = CASE WHEN z0.type = 'region' THEN z0.id WHEN z1.type = 'region' THEN z1.id WHEN z2.type = 'region' THEN z2.id END
     WHERE ${sql.join(scope, sql` AND `)} GROUP BY r.id, r.name ORDER BY evaluations DESC, r.name`);
  const byCompany = await ctx.db.rows<ScoreLine>(sql`
    SELECT c.id, c.name, ${FIGURES} ${base} GROUP BY c.id, c.name ORDER BY evaluations DESC, c.name LIMIT 20`);
  const trend = await ctx.db.rows<AdminOverview['trend'][number]>(sql`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, sum(d.n)::int AS evaluations,
      CASE WHEN sum(d.n_scored) > 0 THEN round((sum(d.score_sum) / sum(d.n_scored))::numeric, 2)::float8 END AS average
    ${base} GROUP BY d.day ORDER BY d.day`);
  return {
    from,
    to,
    totals: { evaluations: Number(totals?.evaluations ?? 0), validated: Number(totals?.validated ?? 0), average: totals?.average ?? null, companies: Number(totals?.companies ?? 0) },
    bySector,
    byRegion,
    byCompany,
    trend,
  };
}
