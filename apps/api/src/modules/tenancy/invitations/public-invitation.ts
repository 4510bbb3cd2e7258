import { and, eq, sql } from 'drizzle-orm';
import { agents, companies, invitations } from '../../../db/schema';
import { registerPublicObject } from '../../collection/public/public-objects';

/**
 * `public/getobject/invitation/{code}` (section 7): what the holder of an invitation's code
 * may see before signing in: the company, who invites, the job offered, and whether it
 * still waits for an answer. Never the guest's address (whoever holds the link learns
 * nothing about the person). Accepting or refusing stays signed in (invitations/{id}).
 */
registerPublicObject('invitation', async (ctx, code) => {
  const wanted = code.trim().toUpperCase();
  if (!/^[0-9A-F]{16}$/.test(wanted)) return null;
  const [row] = await ctx.db.orm
    .select({
      id: invitations.id,
      code: invitations.code,
      status: invitations.status,
      datas: invitations.datas,
      expires_at: invitations.expires_at,
      created_at: invitations.created_at,
      company_id: companies.id,
      company_name: companies.name,
      company_code: companies.code,
      company_logo: companies.logo,
      host_first_name: agents.first_name,
      host_last_name: agents.last_name,
    })
    .from(invitations)
    .innerJoin(companies, and(eq(companies.id, invitations.company_id), sql`${companies.deleted_at} IS NULL`))
    .leftJoin(agents, eq(agents.id, invitations.host_agent_id))
    .where(eq(invitations.code, wanted));
  if (!row) return null;
  // A pending invitation past its date is expired, whether or not the sweep has run.
  const status = row.status === 'pending' && row.expires_at.getTime() <= Date.now() ? 'expired' : row.status;
  return {
    type: 'invitation',
    invitation: {
      id: row.id,
      code: row.code,
      status,
      job: row.datas.job ?? null,
      expires_at: row.expires_at.toISOString(),
      created_at: row.created_at.toISOString(),
      host: [row.host_first_name, row.host_last_name].filter(Boolean).join(' ') || null,
    },
    company: { id: row.company_id, name: row.company_name, code: row.company_code, logo: row.company_logo },
  };
});
