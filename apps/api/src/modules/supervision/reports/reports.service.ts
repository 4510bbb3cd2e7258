import { z } from 'zod';
import type { CreateReportInput, UpdateReportInput } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { reports } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { createCrudService } from '../../../http/crud-service';
import { notFound, validationFailed } from '../../../http/errors';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { reportQueryDef } from '../monitors/monitors.query';
import { announceReport, type ReportRow } from './report-events';
import { reportText } from './reports.texts';

type Row = Record<string, unknown>;

const base = createCrudService<CreateReportInput, UpdateReportInput>({
  def: reportQueryDef,
  table: reports,
  access: { list: 'permission', get: 'permission', create: 'permission', update: 'permission', delete: 'permission', duplicate: 'permission' },
  // Creation and edition have their own use cases below (checks, events).
  prepareCreate: () => ({}),
  prepareUpdate: (_ctx, input) => ({ comment: input.comment ?? null }),
});

/** Adds the reporter's name and the survey of each report (one statement per page). */
async function withReportNames(ctx: RequestContext, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => r.id as number);
  if (ids.length === 0) return rows;
  const names = await ctx.db.rows<{ id: number; agent_name: string | null; survey_id: number }>(sql`
    SELECT r.id, nullif(trim(concat_ws(' ', a.first_name, a.last_name)), '') AS agent_name, p.survey_id
      FROM reports r JOIN participations p ON p.id = r.participation_id LEFT JOIN agents a ON a.id = r.agent_id
     WHERE r.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const byId = new Map(names.map((n) => [n.id, n]));
  return rows.map((r) => ({ ...r, agent_name: byId.get(r.id as number)?.agent_name ?? null, survey_id: byId.get(r.id as number)?.survey_id ?? null }));
}

async function loadReportRow(ctx: RequestContext, id: number, companyId: number): Promise<ReportRow> {
  const [row] = await ctx.db.orm
    .select({ id: reports.id, company_id: reports.company_id, monitor_id: reports.monitor_id, participation_id: reports.participation_id, agent_id: reports.agent_id, score: reports.score, comment: reports.comment })
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.company_id, companyId)));
  if (!row) throw notFound();
  return row;
}

/** POST reports: a participation of the monitor's survey on its target, submitted, becomes a report of the monitor. */
async function createReport(ctx: RequestContext, input: CreateReportInput): Promise<Row> {
  const actor = requirePermission(ctx, 'reports.create');
  const { companyId } = requireCompany(ctx);
  const [monitor] = await ctx.db.rows<{ id: number; survey_id: number; target_kind: string; target_id: number }>(sql`
    SELECT id, survey_id, target_kind, target_id FROM monitors WHERE id = ${input.monitor_id} AND company_id = ${companyId} AND deleted_at IS NULL`);
  if (!monitor) throw validationFailed({ monitor_id: [reportText(ctx.locale, 'monitorNotFound')] });
  const [p] = await ctx.db.rows<{ id: number; survey_id: number; target_kind: string | null; target_id: number | null; status: string; score: number | null; agent_id: number | null; anonymous: boolean }>(sql`
    SELECT p.id, p.survey_id, p.target_kind, p.target_id, p.status, p.score, p.agent_id,
           coalesce((s.settings->>'anonymous')::boolean, false) AS anonymous
      FROM participations p JOIN surveys s ON s.id = p.survey_id
     WHERE p.id = ${input.participation_id} AND p.company_id = ${companyId} AND p.deleted_at IS NULL`);
  if (!p) throw validationFailed({ participation_id: [reportText(ctx.locale, 'participationNotFound')] });
  if (p.anonymous) throw validationFailed({ participation_id: [reportText(ctx.locale, 'anonymousParticipation')] });
  if (p.survey_id !== monitor.survey_id || p.target_kind !== monitor.target_kind || p.target_id !== monitor.target_id) {
    throw validationFailed({ participation_id: [reportText(ctx.locale, 'notThisMonitor')] });
  }
  if (p.status === 'in_progress') throw validationFailed({ participation_id: [reportText(ctx.locale, 'notSentYet')] });
  const [created] = await ctx.db.rows<ReportRow>(sql`
    INSERT INTO reports (company_id, monitor_id, participation_id, agent_id, score, comment)
    VALUES (${companyId}, ${monitor.id}, ${p.id}, ${p.agent_id ?? actor.agentId}, ${p.score}, ${input.comment ?? null})
    ON CONFLICT (monitor_id, participation_id) DO NOTHING
    RETURNING id, company_id, monitor_id, participation_id, agent_id, score, comment`);
  if (!created) throw validationFailed({ participation_id: [reportText(ctx.locale, 'alreadyReported')] });
  await announceReport(ctx, 'report.created', created, { agentId: actor.agentId, userId: actor.userId });
  return reportsService.get(ctx, created.id);
}

/** POST reports/{id}: the comment changes and the score is read again from the participation. */
async function updateReport(ctx: RequestContext, id: number, input: UpdateReportInput): Promise<Row> {
  const actor = requirePermission(ctx, 'reports.update');
  const { companyId } = requireCompany(ctx);
  await loadReportRow(ctx, id, companyId);
  await ctx.db.rows(sql`
    UPDATE reports r SET comment = ${input.comment === undefined ? sql`r.comment` : (input.comment ?? null)},
           score = (SELECT p.score FROM participations p WHERE p.id = r.participation_id), updated_at = now()
     WHERE r.id = ${id} AND r.company_id = ${companyId}`);
  await announceReport(ctx, 'report.updated', await loadReportRow(ctx, id, companyId), { agentId: actor.agentId, userId: actor.userId });
  return reportsService.get(ctx, id);
}

/** Reports: list, show and delete of the regular pattern; creation and edition announce themselves. */
export const reportsService: typeof base = {
  ...base,
  extraFields: { agent_name: z.string().nullable(), survey_id: z.number().int().nullable() },
  async list(ctx, rawQuery) {
    const { rows, meta } = await base.list(ctx, rawQuery);
    return { rows: await withReportNames(ctx, rows), meta };
  },
  async get(ctx, id, rawQuery) {
    return (await withReportNames(ctx, [await base.get(ctx, id, rawQuery)]))[0];
  },
  create: createReport,
  update: updateReport,
};
