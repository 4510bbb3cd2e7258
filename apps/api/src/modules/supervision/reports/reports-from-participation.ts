import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { EventBus } from '../../../events/event-bus';
import type { EvaluatedParticipation } from '../evaluations/evaluation-notice';
import { announceReport, type ReportRow } from './report-events';

/**
 * A participation submitted by a supervisor on the survey and target of their active
 * monitors becomes a report of each of them (score copied from the participation).
 * Idempotent: a participation has at most one report per monitor (unique key). The report
 * is dated when the visit was made, not when it reached the server (issue 21: a visit
 * made offline keeps its time; `received_at` tells how late it came). Never for
 * an anonymous survey (a monitor may have been made before the survey became anonymous).
 */
export async function reportSubmittedParticipation(
  deps: { db: Database; events: EventBus },
  p: EvaluatedParticipation,
  userId: number | null,
): Promise<ReportRow[]> {
  // An anonymous survey's participation never becomes a report: the report names its author.
  if (p.anonymous || p.agent_id === null || p.target_kind === null || p.target_id === null) return [];
  const created = await deps.db.rows<ReportRow>(sql`
    INSERT INTO reports (company_id, monitor_id, participation_id, agent_id, score, created_at, updated_at, received_at)
    SELECT m.company_id, m.id, ${p.id}, ${p.agent_id}, ${p.score},
           coalesce(${p.submitted_at}::timestamptz, now()), coalesce(${p.received_at}::timestamptz, now()), ${p.received_at}::timestamptz
      FROM monitors m
     WHERE m.company_id = ${p.company_id} AND m.survey_id = ${p.survey_id}
       AND m.target_kind = ${p.target_kind} AND m.target_id = ${p.target_id}
       AND m.agent_id = ${p.agent_id} AND m.status = 'active' AND m.deleted_at IS NULL
    ON CONFLICT (monitor_id, participation_id) DO NOTHING
    RETURNING id, company_id, monitor_id, participation_id, agent_id, score, comment, created_at, received_at`);
  for (const report of created) await announceReport(deps, 'report.created', report, { agentId: p.agent_id, userId });
  return created;
}
