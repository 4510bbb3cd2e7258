import { z } from 'zod';
import type { CreateMonitorInput, MonitorStatus, UpdateMonitorInput } from '@app/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { monitors, reports } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { createCrudService } from '../../../http/crud-service';
import { notFound } from '../../../http/errors';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { checkMonitorFields, mergeMonitor } from './monitor-rules';
import { withMonitorNames } from './monitor-names';
import { monitorQueryDef } from './monitors.query';

const base = createCrudService<CreateMonitorInput, UpdateMonitorInput>({
  def: monitorQueryDef,
  table: monitors,
  access: { list: 'permission', get: 'permission', create: 'permission', update: 'permission', delete: 'permission', duplicate: 'permission' },
  async prepareCreate(ctx, input) {
    const { actor, companyId } = requireCompany(ctx);
    await checkMonitorFields(ctx, companyId, input);
    return {
      survey_id: input.survey_id,
      target_kind: input.target_kind,
      target_id: input.target_id,
      agent_id: input.agent_id,
      frequency: input.frequency,
      note: input.note ?? null,
      created_by: actor.agentId,
    };
  },
  async prepareUpdate(ctx, input, existing) {
    const { companyId } = requireCompany(ctx);
    await checkMonitorFields(ctx, companyId, mergeMonitor(existing, input));
    const keys = ['survey_id', 'target_kind', 'target_id', 'agent_id', 'frequency', 'note'] as const;
    return Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
  },
});

/** Monitors: the regular routes, each row with its names and report figures. */
export const monitorsService: typeof base = {
  ...base,
  // withMonitorNames: the target, agent and survey shown, the report figures and the next visit.
  extraFields: {
    target_name: z.string().nullable(),
    agent_name: z.string().nullable(),
    survey_title: z.string().nullable(),
    survey_code: z.string().nullable(),
    reports_count: z.number().int(),
    last_report_at: z.string().nullable(),
    average_score: z.number().nullable(),
    next_due_at: z.string(),
    overdue: z.boolean(),
  },
  async list(ctx, rawQuery) {
    const { rows, meta } = await base.list(ctx, rawQuery);
    return { rows: await withMonitorNames(ctx.db, rows), meta };
  },
  async get(ctx, id, rawQuery) {
    const [row] = await withMonitorNames(ctx.db, [await base.get(ctx, id, rawQuery)]);
    return row;
  },
  async create(ctx, input) {
    const created = await base.create(ctx, input);
    return (await withMonitorNames(ctx.db, [created]))[0];
  },
  async update(ctx, id, input) {
    const updated = await base.update(ctx, id, input);
    return (await withMonitorNames(ctx.db, [updated]))[0];
  },
  /** The monitor goes (soft delete) and its reports with it; the timeline keeps its lines. */
  async remove(ctx, id) {
    await base.remove(ctx, id);
    await ctx.db.orm.delete(reports).where(and(eq(reports.monitor_id, id), eq(reports.company_id, requireCompany(ctx).companyId)));
  },
};

/** POST monitors/{id}/changestate: active ⇄ inactive (or the state asked for). An inactive monitor collects no reports. */
export async function changeMonitorState(ctx: RequestContext, id: number, wanted?: MonitorStatus) {
  const actor = requirePermission(ctx, 'monitors.changestate');
  const { companyId } = requireCompany(ctx);
  const current = await base.get(ctx, id);
  const status: MonitorStatus = wanted ?? (current.status === 'active' ? 'inactive' : 'active');
  const changed = await ctx.db.orm
    .update(monitors)
    .set({ status, updated_at: new Date() })
    .where(and(eq(monitors.id, id), eq(monitors.company_id, companyId), isNull(monitors.deleted_at)))
    .returning({ id: monitors.id });
  if (changed.length === 0) throw notFound();
  if (status !== current.status) {
    await ctx.events.emitDomain({
      kind: status === 'active' ? 'monitors.activated' : 'monitors.deactivated',
      companyId,
      agentId: actor.agentId,
      userId: actor.userId,
      subject: { type: 'monitors', id },
    }, ctx.db);
  }
  return monitorsService.get(ctx, id);
}
