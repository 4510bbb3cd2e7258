import { PARTNER_ROLE_SLUG } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { agentQueryDef } from '../agents/agents.query';
import { relatedUserQueryDef } from '../../identity/users/users.query';
import { namedSurveyParticipation } from '../../collection/participations/anonymous-identity';

const holdsPartnerRole = (alias: string) => sql`EXISTS (
  SELECT 1 FROM agent_roles ar JOIN roles r ON r.id = ar.role_id
  WHERE ar.agent_id = ${sql.identifier(alias)}.id AND r.company_id IS NULL AND r.slug = ${PARTNER_ROLE_SLUG})`;

/** Members who are not partners (`{type}` = agents). */
export const memberAgentQueryDef: ResourceQueryDef = {
  ...agentQueryDef,
  rowFilter: (alias) => sql`NOT ${holdsPartnerRole(alias)}`,
};

/** Members holding the global partner role (`{type}` = partners). */
export const partnerAgentQueryDef: ResourceQueryDef = {
  ...agentQueryDef,
  rowFilter: holdsPartnerRole,
};

const customerDefs = new Map<number, ResourceQueryDef>();

/**
 * Accounts that answered one of the company's surveys signed in and are not its members
 * (`{type}` = customers); answers to anonymous surveys do not count, they must not name
 * anyone. Shown like any respondent: name and photo, never their
 * e-mail or phone (they did not join the company).
 */
export function customerQueryDef(companyId: number): ResourceQueryDef {
  const known = customerDefs.get(companyId);
  if (known) return known;
  const def: ResourceQueryDef = {
    ...relatedUserQueryDef,
    fields: { ...relatedUserQueryDef.fields, created_at: { column: 'created_at', type: 'timestamp' } },
    defaultSort: [{ key: 'last_name', direction: 'asc' }],
    rowFilter: (alias) => sql`EXISTS (
        SELECT 1 FROM participations p
        WHERE p.user_id = ${sql.identifier(alias)}.id AND p.company_id = ${companyId} AND p.deleted_at IS NULL
          AND ${namedSurveyParticipation('p')})
      AND NOT EXISTS (
        SELECT 1 FROM agents a
        WHERE a.user_id = ${sql.identifier(alias)}.id AND a.company_id = ${companyId} AND a.deleted_at IS NULL)`,
  };
  if (customerDefs.size > 1000) customerDefs.clear();
  customerDefs.set(companyId, def);
  return def;
}
