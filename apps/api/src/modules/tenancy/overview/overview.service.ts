import type { CompanyOverview } from '@app/contracts/company';
import { type OverviewQuery, wantsScores } from '@app/contracts/scorecards';
import { sql } from 'drizzle-orm';
import type { Actor, RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { forbidden, notFound } from '../../../http/errors';
import { findCompany } from '../companies/companies.repository';
import { invitationIsOpen } from '../invitations/invitation-expiry';
import { requireActor, requireCompany } from '../companies/tenancy';
import { readScorecard, scopeOf } from './scores.service';

/** The permissions, any one of which opens the dashboard; each part needs its own. */
const PARTS = {
  surveys: 'surveys.list',
  participations: 'participations.list',
  agents: 'agents.list',
  approvals: 'approvals.list',
  invitations: 'invitations.list',
} as const;

/** How many of the latest participations the dashboard lists. */
export const OVERVIEW_LATEST = 5;

/**
 * "This week" starts on Monday 00:00 in Cameroon (Africa/Douala, UTC+1, no daylight
 * saving), where the product's users are.
 */
const WEEK_START = sql`(date_trunc('week', now() AT TIME ZONE 'Africa/Douala') AT TIME ZONE 'Africa/Douala')`;

type Count = { n: number | string };
const num = (rows: Count[]) => Number(rows[0]?.n ?? 0);

async function surveyCounts(ctx: RequestContext, companyId: number) {
  const rows = await ctx.db.rows<{ status: string; n: number | string }>(sql`
    SELECT status, count(*) AS n FROM surveys
    WHERE company_id = ${companyId} AND deleted_at IS NULL AND is_template = false
    GROUP BY status`);
  const by_status = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return { total: rows.reduce((sum, r) => sum + Number(r.n), 0), by_status };
}

async function participationFigures(ctx: RequestContext, companyId: number) {
  const [week, review, latest] = await Promise.all([
    ctx.db.rows<Count>(sql`SELECT count(*) AS n FROM participations
      WHERE company_id = ${companyId} AND deleted_at IS NULL AND created_at >= ${WEEK_START}`),
    ctx.db.rows<Count>(sql`SELECT count(*) AS n FROM participations
      WHERE company_id = ${companyId} AND deleted_at IS NULL AND status = 'submitted'`),
    ctx.db.rows<{ id: number; survey_id: number; survey_title: string; status: string; respondent: string | null; created_at: Date | string }>(sql`
      SELECT p.id, p.survey_id, s.title AS survey_title, p.status, p.created_at,
        COALESCE(
          NULLIF(trim(concat_ws(' ', a.first_name, a.last_name)), ''),
          NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''),
          pa.name
        ) AS respondent
      FROM participations p
      JOIN surveys s ON s.id = p.survey_id
      LEFT JOIN agents a ON a.id = p.agent_id
      LEFT JOIN users u ON u.id = p.user_id
      LEFT JOIN participants pa ON pa.id = p.participant_id
      WHERE p.company_id = ${companyId} AND p.deleted_at IS NULL
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT ${OVERVIEW_LATEST}`),
  ]);
  return {
    this_week: num(week),
    to_review: num(review),
    latest: latest.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
  };
}

async function agentCounts(ctx: RequestContext, companyId: number) {
  const rows = await ctx.db.rows<{ status: string; n: number | string }>(sql`
    SELECT status, count(*) AS n FROM agents WHERE company_id = ${companyId} AND deleted_at IS NULL GROUP BY status`);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { active: of('active'), suspended: of('suspended'), invited: of('invited') };
}

async function pendingCount(ctx: RequestContext, table: 'approvals' | 'invitations', companyId: number) {
  // Invitations: the open ones only, as the seat count reads them.
  const extra = table === 'invitations' ? sql` AND ${invitationIsOpen()}` : sql``;
  return num(
    await ctx.db.rows<Count>(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}
      WHERE company_id = ${companyId} AND status = 'pending'${extra}`),
  );
}

function may(actor: Actor, part: keyof typeof PARTS): boolean {
  return hasPermission(actor, PARTS[part]);
}

/**
 * The active company's dashboard (`GET overview`): counts, the latest participations and
 * the evaluation scorecards (`query`: period, survey, zone, target kind; `scores=0` leaves
 * them out, for the business home that shows none), each part only
 * when the caller may list what it counts; 403 when they may see none.
 */
export async function companyOverview(ctx: RequestContext, companyId?: number, query: OverviewQuery = {}): Promise<CompanyOverview> {
  const actor = requireActor(ctx);
  const { scores: _scores, ...filters } = query;
  const id = companyId ?? requireCompany(ctx).companyId;
  // Another company than the active one does not exist for a member (a platform admin sees any).
  if (actor.type !== 'admin' && actor.companyId !== id) throw notFound();
  const company = await findCompany(ctx.db, id);
  if (!company) throw notFound();
  if (!(Object.keys(PARTS) as Array<keyof typeof PARTS>).some((part) => may(actor, part))) throw forbidden();
  const [surveys, participations, agents, approvals, invitations, scores] = await Promise.all([
    may(actor, 'surveys') ? surveyCounts(ctx, id) : undefined,
    may(actor, 'participations') ? participationFigures(ctx, id) : undefined,
    may(actor, 'agents') ? agentCounts(ctx, id) : undefined,
    may(actor, 'approvals') ? pendingCount(ctx, 'approvals', id).then((pending) => ({ pending })) : undefined,
    may(actor, 'invitations') ? pendingCount(ctx, 'invitations', id).then((pending) => ({ pending })) : undefined,
    // Scorecards summarise participations: the same permission as their figures.
    may(actor, 'participations') && wantsScores(query) ? readScorecard(ctx.db, scopeOf(id, filters), filters) : undefined,
  ]);
  return {
    company: { id: company.id, name: company.name, code: company.code, logo: company.logo },
    ...(surveys && { surveys }),
    ...(participations && { participations }),
    ...(agents && { agents }),
    ...(approvals && { approvals }),
    ...(invitations && { invitations }),
    ...(scores && { scores }),
  };
}
