import { CODED_TARGET_KINDS, type CodedTargetKind, DEFAULT_GEOFENCE_RADIUS_M } from '@app/contracts/targets';
import type { SurveyTargetKind } from '@app/contracts/surveys';
import type { WorkdayContribution, WorkdayMonitor, WorkdayTarget, WorkdayView } from '@app/contracts/workday';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { AppError } from '../../../http/errors';
import { ensureTargetCodes } from '../../collection/targets/target-codes.repository';
import { listTargets, loadTargets, type TargetRow } from '../../collection/targets/targets.repository';
import { getParticipationDefinition } from '../../surveys/surveys/survey-participation';
import { requireCompany } from '../../tenancy/companies/tenancy';
import { withMonitorNames } from '../monitors/monitor-names';

type MonitorRow = { id: number; survey_id: number; target_kind: string; target_id: number; frequency: string; status: string } & Record<string, unknown>;

/** A target as the phone keeps it: its code for the QR landing, its geofence for the check on the phone. */
function targetOf(kind: string, row: TargetRow, code: string | null): WorkdayTarget {
  const geofence =
    row.latitude != null && row.longitude != null
      ? { latitude: row.latitude, longitude: row.longitude, radius_m: row.geofence_radius_m && row.geofence_radius_m > 0 ? row.geofence_radius_m : DEFAULT_GEOFENCE_RADIUS_M }
      : null;
  return { kind, id: row.id, name: row.name, code, site_name: row.site_name, geofence };
}

const isCoded = (kind: string): kind is CodedTargetKind => (CODED_TARGET_KINDS as readonly string[]).includes(kind);

/** The targets named, by kind, with their codes (written the first time they are asked for). */
async function loadWorkdayTargets(ctx: RequestContext, companyId: number, wanted: Array<{ kind: string; id: number }>) {
  const byKind = new Map<string, number[]>();
  for (const { kind, id } of wanted) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  const found = new Map<string, WorkdayTarget>();
  for (const [kind, ids] of byKind) {
    const rows = await loadTargets(ctx.db, companyId, kind as SurveyTargetKind, [...new Set(ids)]);
    const codes = isCoded(kind) ? await ensureTargetCodes(ctx.db, companyId, kind, rows.map((r) => r.id)) : new Map<number, string>();
    for (const row of rows) found.set(`${kind}:${row.id}`, targetOf(kind, row, codes.get(row.id) ?? null));
  }
  return found;
}

/**
 * GET workday ("Ma journée"): the calling agent's day in the active company, whole, so
 * the phone can work without a network (DOMAIN.md "Supervision"). Only the caller's own
 * assignments: no permission beyond being an agent of the company. A survey that can no
 * longer be answered (closed, unpublished) is left out with what names it.
 */
export async function myWorkday(ctx: RequestContext): Promise<WorkdayView> {
  const { actor, companyId } = requireCompany(ctx);
  const agentId = actor.agentId;
  const [company] = await ctx.db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM companies WHERE id = ${companyId}`);
  const monitorRows = await ctx.db.rows<MonitorRow>(sql`
    SELECT id, survey_id, target_kind, target_id, frequency, status, created_at
      FROM monitors
     WHERE company_id = ${companyId} AND agent_id = ${agentId} AND status = 'active' AND deleted_at IS NULL
     ORDER BY id`);
  const named = await withMonitorNames(ctx.db, monitorRows);
  const contributorRows = await ctx.db.rows<{ survey_code: string; survey_title: string; participation_id: number | null }>(sql`
    SELECT DISTINCT s.code AS survey_code, s.title AS survey_title, c.participation_id
      FROM contributors c JOIN surveys s ON s.id = c.survey_id AND s.deleted_at IS NULL
     WHERE c.company_id = ${companyId} AND c.agent_id = ${agentId} AND c.status <> 'done'
     ORDER BY s.title, c.participation_id`);
  const groupSites = await ctx.db.rows<{ site_id: number }>(sql`
    SELECT DISTINCT g.site_id FROM group_members gm JOIN groups g ON g.id = gm.group_id
     WHERE gm.agent_id = ${agentId} AND g.company_id = ${companyId} AND g.deleted_at IS NULL AND g.site_id IS NOT NULL`);

  const siteIds = groupSites.map((r) => r.site_id);
  const workspaceRows = (await Promise.all(siteIds.map((siteId) => listTargets(ctx.db, companyId, 'workspace', siteId)))).flat();
  const targets = await loadWorkdayTargets(ctx, companyId, [
    ...named.map((m) => ({ kind: m.target_kind, id: m.target_id })),
    ...siteIds.map((id) => ({ kind: 'site', id })),
    ...workspaceRows.map((w) => ({ kind: 'workspace', id: w.id })),
  ]);

  const surveys: Record<string, unknown> = {};
  const codes = new Set([...named.map((m) => m.survey_code as string), ...contributorRows.map((c) => c.survey_code)]);
  for (const code of codes) {
    try {
      surveys[code] = await getParticipationDefinition(ctx, code);
    } catch (error) {
      // Closed, unpublished or out of its dates (the definition's own refusals, 4xx): nothing
      // to answer offline either. Anything else (the database failing) is a real error.
      if (!(error instanceof AppError) || error.status >= 500) throw error;
    }
  }

  const monitors: WorkdayMonitor[] = named.flatMap((m) => {
    const target = targets.get(`${m.target_kind}:${m.target_id}`);
    const code = m.survey_code as string;
    if (!target || !surveys[code]) return [];
    return [
      {
        id: m.id,
        survey_code: code,
        survey_title: m.survey_title as string,
        target_kind: m.target_kind as WorkdayMonitor['target_kind'],
        frequency: m.frequency as WorkdayMonitor['frequency'],
        target,
        next_due_at: m.next_due_at as string,
        overdue: Boolean(m.overdue),
        last_report_at: (m.last_report_at as string | null) ?? null,
      },
    ];
  });
  const contributions: WorkdayContribution[] = contributorRows.filter((c) => surveys[c.survey_code]);
  const places = [...siteIds.map((id) => targets.get(`site:${id}`)), ...workspaceRows.map((w) => targets.get(`workspace:${w.id}`))].filter(
    (t): t is WorkdayTarget => t !== undefined,
  );
  return { generated_at: new Date().toISOString(), company: company!, monitors, contributions, places, surveys };
}
