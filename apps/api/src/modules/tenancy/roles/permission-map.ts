import { CUSTOMER_ROLE_SLUG } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * The permission slugs a caller holds: the union of the permissions of the user's
 * global roles and of the active agent's roles, active roles only. An owner role
 * (`is_owner`) grants every permission in the catalogue. Acting for a company (an
 * agent), the account's `customer` role does not count: it is about the person's own
 * answers, and would otherwise give every member of any role the company's survey and
 * participation lists.
 */
export async function loadPermissionSlugs(
  db: Database,
  who: { userId: number; agentId: number | null },
): Promise<Set<string>> {
  const agentId = who.agentId ?? -1;
  const rows = await db.rows<{ slug: string }>(sql`
    WITH held AS (
      SELECT r.id, r.is_owner FROM roles r
        JOIN user_roles ur ON ur.role_id = r.id
       WHERE ur.user_id = ${who.userId} AND r.state = 'active'
         AND (${who.agentId === null} OR r.company_id IS NOT NULL OR r.slug <> ${CUSTOMER_ROLE_SLUG})
      UNION
      SELECT r.id, r.is_owner FROM roles r
        JOIN agent_roles ar ON ar.role_id = r.id
       WHERE ar.agent_id = ${agentId} AND r.state = 'active'
    )
    SELECT p.slug FROM permissions p
     WHERE EXISTS (SELECT 1 FROM held WHERE held.is_owner)
        OR p.id IN (SELECT rp.permission_id FROM role_permissions rp JOIN held ON held.id = rp.role_id)
  `);
  return new Set(rows.map((r) => r.slug));
}
