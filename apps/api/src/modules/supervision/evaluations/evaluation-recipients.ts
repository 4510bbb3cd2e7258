import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Recipient } from '../../messaging/notifications/notify';
import { siteOfTarget } from '../monitors/monitor-targets';

/**
 * Who hears that a target was evaluated (DOMAIN.md "Supervision"): the company's owners
 * (agents holding an owner role), the manager of the site concerned (the site itself, a
 * workspace's site, a group's site) and, given `surveyId`, the survey's author (whom
 * the "a évalué" card tells instead of a contribution notice). Never the evaluator; each
 * person once.
 */
export async function evaluationRecipients(
  db: Database,
  companyId: number,
  target: { kind: string; id: number },
  evaluatorAgentId: number | null,
  surveyId: number | null = null,
): Promise<Recipient[]> {
  const siteId = await siteOfTarget(db, companyId, target.kind, target.id);
  const rows = await db.rows<{ agent_id: number; user_id: number }>(sql`
    SELECT DISTINCT a.id AS agent_id, a.user_id
      FROM agents a
     WHERE a.company_id = ${companyId} AND a.status = 'active' AND a.deleted_at IS NULL
       AND a.id IS DISTINCT FROM ${evaluatorAgentId}
       AND (EXISTS (SELECT 1 FROM agent_roles ar JOIN roles r ON r.id = ar.role_id
                     WHERE ar.agent_id = a.id AND r.is_owner AND r.state = 'active')
            OR a.id = (SELECT s.manager_agent_id FROM sites s WHERE s.id = ${siteId} AND s.company_id = ${companyId})
            OR a.id = (SELECT sv.author_agent_id FROM surveys sv WHERE sv.id = ${surveyId}::int AND sv.company_id = ${companyId}))`);
  return rows.map((r) => ({ userId: r.user_id, agentId: r.agent_id }));
}
