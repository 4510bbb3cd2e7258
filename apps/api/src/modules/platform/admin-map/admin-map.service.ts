import { ADMIN_MAP_MAX_PARTICIPATIONS, type AdminMap, type AdminMapParticipation, type AdminMapQuery, type AdminMapSite } from '@app/contracts/admin-map';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { validationFailed } from '../../../http/errors';
import { requireAdmin } from '../../administration/admin-guard';

/**
 * mnt/ai-map: every company's geolocated sites and participations. The period and the
 * survey narrow the participations only (a site has neither); the company narrows both.
 * Days are Africa/Douala days (UTC+1), as the rest of the back office counts them.
 */
export async function adminMap(ctx: RequestContext, query: AdminMapQuery): Promise<AdminMap> {
  requireAdmin(ctx);
  if (query.from && query.to && query.from > query.to) throw validationFailed({ from: ['La date de début doit précéder la date de fin.'] });
  const siteScope: SQL[] = [sql`s.deleted_at IS NULL`, sql`s.latitude IS NOT NULL`, sql`s.longitude IS NOT NULL`, sql`c.deleted_at IS NULL`];
  const participationScope: SQL[] = [sql`p.deleted_at IS NULL`, sql`p.latitude IS NOT NULL`, sql`p.longitude IS NOT NULL`, sql`c.deleted_at IS NULL`];
  if (query.company_id) {
    siteScope.push(sql`s.company_id = ${query.company_id}`);
    participationScope.push(sql`p.company_id = ${query.company_id}`);
  }
  if (query.survey_id) participationScope.push(sql`p.survey_id = ${query.survey_id}`);
  if (query.from) participationScope.push(sql`p.created_at >= (${query.from}::date - interval '1 hour')`);
  if (query.to) participationScope.push(sql`p.created_at < (${query.to}::date + interval '1 day' - interval '1 hour')`);
  const sites = await ctx.db.rows<AdminMapSite>(sql`
    SELECT s.id, s.name, s.company_id, c.name AS company_name, s.latitude, s.longitude
    FROM sites s JOIN companies c ON c.id = s.company_id
    WHERE ${sql.join(siteScope, sql` AND `)} ORDER BY s.id`);
  // One more than the cap tells whether the answer was cut.
  const participations = await ctx.db.rows<AdminMapParticipation & { created_at: Date | string }>(sql`
    SELECT p.id, p.company_id, c.name AS company_name, p.survey_id, sv.title AS survey_title, p.latitude, p.longitude, p.created_at
    FROM participations p JOIN companies c ON c.id = p.company_id JOIN surveys sv ON sv.id = p.survey_id
    WHERE ${sql.join(participationScope, sql` AND `)} ORDER BY p.created_at DESC, p.id DESC LIMIT ${ADMIN_MAP_MAX_PARTICIPATIONS + 1}`);
  const truncated = participations.length > ADMIN_MAP_MAX_PARTICIPATIONS;
  return {
    sites,
    participations: participations.slice(0, ADMIN_MAP_MAX_PARTICIPATIONS).map((p) => ({ ...p, created_at: new Date(p.created_at).toISOString() })),
    truncated,
  };
}
