import type { RequestContext } from '../../../http/actor';
import { forbidden } from '../../../http/errors';
import { requireActor, requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { requireAdmin } from '../admin-guard';
import { administrationText } from '../administration.texts';

/**
 * Whose entries the caller reads: `platform` every company's (admin only, null), `company`
 * the active company's, for a member who may manage its roles (its owner does).
 */
export function auditScope(ctx: RequestContext, scope: 'platform' | 'company'): number | null {
  if (scope === 'platform') {
    requireAdmin(ctx);
    return null;
  }
  const actor = requireActor(ctx);
  if (actor.companyId == null) throw forbidden(administrationText(ctx.locale, 'auditFromCompany'), 'no_active_company');
  requirePermission(ctx, 'roles.update');
  return requireCompany(ctx).companyId;
}
