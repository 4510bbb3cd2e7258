import type { PlatformAudience } from '@app/contracts/admin-platform';
import type { BroadcastTarget } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { validationFailed } from '../../../http/errors';
import { namedSurveyParticipation } from '../../collection/participations/anonymous-identity';
import { loadAudienceChain } from '../../structure/audiences/audience-chain';
import { audienceMembersSql } from '../../structure/audience-rules/compile-rule';

/**
 * The SELECT of (user_id, agent_id) a broadcast reaches, resolved inside the company:
 * - everyone: every active agent;
 * - group: the active agents of one of the company's groups;
 * - customers: the people outside the company who answered its surveys (not anonymous
 *   ones: who answered those stays unknown) or asked it to talk (DOMAIN.md "customers of
 *   a company"), reached as themselves (agent null).
 * - site: the active agents attached to one of its sites, and its manager;
 * - audience: an audience or sub-audience of the structure module (its rule engine): its
 *   agents, or for a contacts audience the contacts who have an account (same e-mail)
 *   and are already its customers or members: typing an e-mail in a contact never lets a
 *   company reach an account that has nothing to do with it.
 */
/** The user `u` is a customer of the company (see `customers` above). */
function customerOf(companyId: number): SQL {
  return sql`(EXISTS (SELECT 1 FROM participations p WHERE p.user_id = u.id AND p.company_id = ${companyId} AND p.deleted_at IS NULL AND ${namedSurveyParticipation('p')})
      OR EXISTS (SELECT 1 FROM chatrooms c WHERE c.created_by = u.id AND c.company_id = ${companyId} AND c.kind = 'support'))
    AND NOT EXISTS (SELECT 1 FROM agents a WHERE a.user_id = u.id AND a.company_id = ${companyId} AND a.deleted_at IS NULL)`;
}

/**
 * The recipients of a platform broadcast (mnt/broadcast), reached as themselves (agent
 * null, their user room): every active account, the active members of some companies or
 * of the companies of some sectors, or the accounts of some types.
 */
export function platformRecipientsQuery(selection: PlatformAudience | null): SQL {
  const active = sql`u.status = 'active' AND u.deleted_at IS NULL`;
  const ids = selection?.ids?.length ? selection.ids : [0];
  const members = (companies: SQL) =>
    sql`SELECT DISTINCT u.id AS user_id, NULL::int AS agent_id FROM users u JOIN agents a ON a.user_id = u.id AND a.status = 'active' AND a.deleted_at IS NULL
         WHERE ${active} AND a.company_id IN (${companies})`;
  switch (selection?.audience) {
    case 'companies':
      return members(sql`SELECT c.id FROM companies c WHERE c.id IN ${ids} AND c.deleted_at IS NULL AND c.status = 'active'`);
    case 'sectors':
      return members(sql`SELECT c.id FROM companies c WHERE c.sector_id IN ${ids} AND c.deleted_at IS NULL AND c.status = 'active'`);
    case 'types':
      return sql`SELECT u.id AS user_id, NULL::int AS agent_id FROM users u WHERE ${active} AND u.type IN ${selection.types?.length ? selection.types : ['none']}`;
    default:
      return sql`SELECT u.id AS user_id, NULL::int AS agent_id FROM users u WHERE ${active}`;
  }
}

export async function recipientsQuery(db: Database, companyId: number, target: BroadcastTarget, targetId?: number): Promise<SQL> {
  const activeAgents = sql`a.company_id = ${companyId} AND a.status = 'active' AND a.deleted_at IS NULL`;
  switch (target) {
    case 'everyone':
      return sql`SELECT a.user_id, a.id AS agent_id FROM agents a WHERE ${activeAgents}`;
    case 'group': {
      const [group] = await db.rows<{ id: number }>(sql`SELECT id FROM groups WHERE id = ${targetId ?? 0} AND company_id = ${companyId} AND deleted_at IS NULL`);
      if (!group) throw validationFailed({ target_id: ['Groupe introuvable dans votre entreprise.'] });
      return sql`SELECT a.user_id, a.id AS agent_id FROM group_members gm JOIN agents a ON a.id = gm.agent_id WHERE gm.group_id = ${group.id} AND ${activeAgents}`;
    }
    case 'customers':
      return sql`
        SELECT DISTINCT u.id AS user_id, NULL::int AS agent_id FROM users u
         WHERE u.status = 'active' AND u.deleted_at IS NULL AND ${customerOf(companyId)}`;
    case 'site': {
      const [site] = await db.rows<{ id: number }>(sql`SELECT id FROM sites WHERE id = ${targetId ?? 0} AND company_id = ${companyId} AND deleted_at IS NULL`);
      if (!site) throw validationFailed({ target_id: ['Site introuvable dans votre entreprise.'] });
      return sql`
        SELECT a.user_id, a.id AS agent_id FROM agents a
         WHERE ${activeAgents}
           AND (EXISTS (SELECT 1 FROM site_agents sa WHERE sa.site_id = ${site.id} AND sa.agent_id = a.id)
             OR a.id = (SELECT manager_agent_id FROM sites WHERE id = ${site.id}))`;
    }
    case 'audience': {
      // An audience or a sub-audience (its chain of rules), resolved by the structure module's engine.
      const chain = await loadAudienceChain(db, companyId, targetId ?? 0);
      if (!chain) throw validationFailed({ target_id: ['Audience introuvable dans votre entreprise.'] });
      const members = audienceMembersSql(chain.population, chain.levels, companyId);
      if (chain.population === 'agents') {
        return sql`SELECT a.user_id, a.id AS agent_id FROM agents a WHERE ${activeAgents} AND a.id IN (${members})`;
      }
      // Contacts are reached when they have an account with the same e-mail, as themselves,
      // and only if that account is already a customer or an active member of the company.
      return sql`
        SELECT DISTINCT u.id AS user_id, NULL::int AS agent_id FROM contacts ct
          JOIN users u ON lower(u.email) = lower(ct.email) AND u.status = 'active' AND u.deleted_at IS NULL
         WHERE ct.id IN (${members})
           AND (${customerOf(companyId)} OR EXISTS (SELECT 1 FROM agents m WHERE m.user_id = u.id AND m.company_id = ${companyId} AND m.status = 'active' AND m.deleted_at IS NULL))`;
    }
  }
}
