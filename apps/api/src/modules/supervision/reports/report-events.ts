import { agentRoom, type ReportEventData } from '@app/contracts';
import { lateBySeconds } from '@app/contracts/workday';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { EventBus } from '../../../events/event-bus';
import { evaluationRecipients } from '../evaluations/evaluation-recipients';
import { agentName, findTargetName } from '../monitors/monitor-targets';

export interface ReportRow {
  id: number;
  company_id: number;
  monitor_id: number;
  participation_id: number;
  agent_id: number | null;
  score: number | null;
  comment: string | null;
  /** Present on a report just made from a participation: when made and when received. */
  created_at?: Date | string;
  received_at?: Date | string | null;
}

interface MonitorRow {
  id: number;
  agent_id: number;
  target_kind: string;
  target_id: number;
}

/** A report received late keeps its time on the timeline (made_at) and says how late (late_s). */
function lateSyncOf(report: ReportRow): Record<string, unknown> {
  if (!report.created_at || !report.received_at) return {};
  const late = lateBySeconds(report.created_at, report.received_at);
  return late === null ? {} : { made_at: new Date(report.created_at).toISOString(), late_s: late };
}

/**
 * `report.created` / `report.updated` (section 3 "Report event"): to the agent rooms of
 * the monitor's supervisor and of the people who hear of the target's evaluations
 * (owners, the site's manager), all agents of the report's company, so another company
 * never receives it. The same change goes to the timeline as a domain event.
 */
export async function announceReport(
  deps: { db: Database; events: EventBus },
  name: 'report.created' | 'report.updated',
  report: ReportRow,
  by: { agentId: number | null; userId: number | null },
): Promise<void> {
  const [monitor] = await deps.db.rows<MonitorRow>(sql`
    SELECT id, agent_id, target_kind, target_id FROM monitors WHERE id = ${report.monitor_id} AND company_id = ${report.company_id}`);
  if (!monitor) return;
  const targetName = (await findTargetName(deps.db, report.company_id, monitor.target_kind, monitor.target_id)) ?? '';
  const reporter = report.agent_id ?? monitor.agent_id;
  const data: ReportEventData & Record<string, unknown> = {
    id: report.id,
    monitor_id: monitor.id,
    agent_id: reporter,
    participation_id: report.participation_id,
    score: report.score,
    ...lateSyncOf(report),
    agent: { name: (await agentName(deps.db, reporter)) ?? '' },
    monitor: { target: monitor.target_kind, target_id: monitor.target_id, monitorable: { name: targetName } } as ReportEventData['monitor'],
  };
  const listeners = await evaluationRecipients(deps.db, report.company_id, { kind: monitor.target_kind, id: monitor.target_id }, null);
  const agentIds = new Set([monitor.agent_id, ...listeners.map((r) => r.agentId!).filter(Boolean)]);
  for (const agentId of agentIds) deps.events.publish(name, agentRoom(agentId), data);
  await deps.events.emitDomain({
    kind: name,
    companyId: report.company_id,
    agentId: by.agentId ?? reporter,
    userId: by.userId,
    target: { kind: monitor.target_kind, id: monitor.target_id },
    subject: { type: 'reports', id: report.id },
    monitorId: monitor.id,
    data: { participation_id: report.participation_id, score: report.score, ...lateSyncOf(report) },
  }, deps.db);
}
