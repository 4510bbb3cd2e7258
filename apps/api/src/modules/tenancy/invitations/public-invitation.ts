import { normalizeInvitationCode } from '@app/contracts/company';
import { registerPublicObject } from '../../collection/public/public-objects';
import { findInvitationByCode, hostName } from './invitations.repository';

/**
 * `public/getobject/invitation/{code}` (section 7): what the holder of an invitation's code
 * may see before signing in: the company, who invites, the job offered, and whether it
 * still waits for an answer. Never the guest's address (whoever holds the link learns
 * nothing about the person). Accepting or refusing stays signed in (invitations/{id}).
 */
registerPublicObject('invitation', async (ctx, code) => {
  const wanted = normalizeInvitationCode(code);
  if (!wanted) return null;
  const row = await findInvitationByCode(ctx.db, wanted);
  if (!row) return null;
  // A pending invitation past its date is expired, whether or not the sweep has run.
  const status = row.status === 'pending' && row.expired ? 'expired' : row.status;
  return {
    type: 'invitation',
    invitation: {
      id: row.id,
      code: row.code,
      status,
      job: row.datas.job ?? null,
      expires_at: row.expires_at.toISOString(),
      created_at: row.created_at.toISOString(),
      host: hostName(row) || null,
    },
    company: { id: row.company_id, name: row.company_name, code: row.company_code, logo: row.company_logo },
  };
});
