import { OWNER_ROLE_SLUG } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * The language the platform writes to a company in (its invoices and bill lines): its
 * owner's (`users.locale`, the first owner when several), French when it has none.
 */
export async function ownerLocale(db: Database, companyId: number): Promise<string> {
  const [row] = await db.rows<{ locale: string }>(sql`
    SELECT u.locale FROM agents a
    JOIN users u ON u.id = a.user_id
    JOIN agent_roles ar ON ar.agent_id = a.id
    JOIN roles r ON r.id = ar.role_id AND r.company_id = a.company_id AND r.slug = ${OWNER_ROLE_SLUG}
    WHERE a.company_id = ${companyId} AND a.deleted_at IS NULL
    ORDER BY a.id LIMIT 1`);
  return row?.locale ?? 'fr';
}
