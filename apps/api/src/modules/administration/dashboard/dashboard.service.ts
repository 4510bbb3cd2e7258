import type { AdminDashboard } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { requireAdmin } from '../admin-guard';

/**
 * The platform at a glance (mnt home): companies by status, users by type, agents,
 * participations and evaluations per day (30 days), revenue by month from paid invoices
 * (12 months), payments by operator and status, the busiest companies (30 days).
 */
export async function platformDashboard(ctx: RequestContext): Promise<AdminDashboard> {
  requireAdmin(ctx);
  const db = ctx.db;
  const [counts] = await db.rows<{ companies: AdminDashboard['companies']; users: AdminDashboard['users']; agents: number }>(sql`
    SELECT
      (SELECT jsonb_build_object(
         'active', count(*) FILTER (WHERE status = 'active'), 'suspended', count(*) FILTER (WHERE status = 'suspended'),
         'new_30d', count(*) FILTER (WHERE created_at > now() - interval '30 days'), 'total', count(*))
       FROM companies WHERE deleted_at IS NULL) AS companies,
      (SELECT jsonb_build_object(
         'admin', count(*) FILTER (WHERE type = 'admin'), 'agent', count(*) FILTER (WHERE type = 'agent'),
         'customer', count(*) FILTER (WHERE type = 'customer'), 'suspended', count(*) FILTER (WHERE status = 'suspended'))
       FROM users WHERE deleted_at IS NULL) AS users,
      (SELECT count(*)::int FROM agents a JOIN companies c ON c.id = a.company_id
       WHERE a.deleted_at IS NULL AND a.status = 'active' AND c.deleted_at IS NULL) AS agents`);
  const perDay = await db.rows<AdminDashboard['per_day'][number]>(sql`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
      count(p.id)::int AS participations, count(p.id) FILTER (WHERE s.type = 'evaluation')::int AS evaluations
    FROM generate_series(date_trunc('day', now()) - interval '29 days', date_trunc('day', now()), interval '1 day') AS d(day)
    LEFT JOIN participations p ON p.deleted_at IS NULL AND p.created_at >= d.day AND p.created_at < d.day + interval '1 day'
    LEFT JOIN surveys s ON s.id = p.survey_id
    GROUP BY d.day ORDER BY d.day`);
  const revenue = await db.rows<AdminDashboard['revenue_by_month'][number]>(sql`
    SELECT to_char(date_trunc('month', paid_at), 'YYYY-MM') AS month, currency, sum(total)::bigint::float8 AS amount
    FROM invoices WHERE status IN ('paid', 'closed') AND paid_at IS NOT NULL AND paid_at > date_trunc('month', now()) - interval '11 months'
    GROUP BY 1, 2 ORDER BY 1, 2`);
  const payments = await db.rows<AdminDashboard['payments'][number]>(sql`
    SELECT provider, status, count(*)::int AS count, sum(amount)::bigint::float8 AS amount
    FROM transactions GROUP BY provider, status ORDER BY provider, status`);
  const busiest = await db.rows<AdminDashboard['busiest'][number]>(sql`
    SELECT c.id, c.name, c.code, count(*)::int AS participations
    FROM participations p JOIN companies c ON c.id = p.company_id
    WHERE p.deleted_at IS NULL AND p.created_at > now() - interval '30 days' AND c.deleted_at IS NULL
    GROUP BY c.id ORDER BY participations DESC, c.id LIMIT 5`);
  const toInts = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Number(v)])) as T;
  return {
    companies: toInts(counts.companies),
    users: toInts(counts.users),
    agents: Number(counts.agents),
    per_day: perDay,
    revenue_by_month: revenue,
    payments,
    busiest,
  };
}
