import { CUSTOMER_ROLE_SLUG } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { AccessCheckRow } from './sessions.service';

/** The session of an access token, its user, the active membership and what they hold. */
export interface ActorRow extends AccessCheckRow {
  agent_id: number | null;
  company_id: number | null;
  /** Roles held by the user or the agent, active or not (what a role change invalidates). */
  role_ids: number[] | null;
  slugs: string[] | null;
}

/**
 * Everything a signed-in request needs before its handler, in one round trip: the
 * session and its user (token checks), the active membership (the claimed agent, else
 * the first usable one, none for a platform admin without a claim), and the permission
 * slugs of the user's global roles and the agent's roles (an active owner role grants the
 * whole catalogue). `claimedAgentId` -1 matches no agent (a malformed claim).
 */
export async function loadActorRow(db: Database, accessHash: string, claimedAgentId: number | null): Promise<ActorRow | null> {
  const [row] = await db.rows<ActorRow>(sql`
    WITH s AS (
      SELECT s.id, s.user_id, s.device_id, s.family, s.access_expires_at, s.revoked_at,
             u.type AS user_type, u.status AS user_status, u.deleted_at AS user_deleted_at
        FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.access_hash = ${accessHash}
    ), a AS (
      SELECT ag.id, ag.company_id FROM s
        JOIN agents ag ON ag.user_id = s.user_id
        JOIN companies c ON c.id = ag.company_id
       WHERE ag.status = 'active' AND ag.deleted_at IS NULL AND c.status = 'active' AND c.deleted_at IS NULL
         AND (${claimedAgentId}::int IS NULL AND s.user_type <> 'admin' OR ag.id = ${claimedAgentId}::int)
       ORDER BY ag.id LIMIT 1
    ), held AS (
      SELECT r.id, r.is_owner,
             -- Acting for a company, the account's global customer role does not count
             -- (modules/tenancy/roles/permission-map.ts, the same rule).
             r.state = 'active' AND NOT (r.company_id IS NULL AND r.slug = ${CUSTOMER_ROLE_SLUG} AND EXISTS (SELECT 1 FROM a)) AS counts
        FROM s JOIN user_roles ur ON ur.user_id = s.user_id JOIN roles r ON r.id = ur.role_id
      UNION
      SELECT r.id, r.is_owner, r.state = 'active' FROM a JOIN agent_roles ar ON ar.agent_id = a.id JOIN roles r ON r.id = ar.role_id
    )
    SELECT s.*, a.id AS agent_id, a.company_id,
           (SELECT array_agg(id) FROM held) AS role_ids,
           (SELECT array_agg(p.slug) FROM permissions p
             WHERE EXISTS (SELECT 1 FROM held WHERE held.is_owner AND held.counts)
                OR p.id IN (SELECT rp.permission_id FROM role_permissions rp JOIN held ON held.id = rp.role_id
                             WHERE held.counts)) AS slugs
      FROM s LEFT JOIN a ON true
  `);
  if (!row) return null;
  // A raw statement: timestamps may come back as text on some drivers.
  for (const key of ['access_expires_at', 'revoked_at', 'user_deleted_at'] as const) {
    const value = row[key] as Date | string | null;
    if (typeof value === 'string') (row as any)[key] = new Date(value);
  }
  return row;
}
