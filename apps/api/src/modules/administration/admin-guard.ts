import type { Actor, RequestContext } from '../../http/actor';
import { forbidden } from '../../http/errors';
import { administrationText } from './administration.texts';
import { isPlatformAdmin, requireActor } from '../tenancy/companies/tenancy';

/** 401 signed out, 403 unless the caller is a platform admin: every `mnt/*` route starts here. */
export function requireAdmin(ctx: RequestContext): Actor {
  const actor = requireActor(ctx);
  if (!isPlatformAdmin(actor)) throw forbidden(administrationText(ctx.locale, 'adminOnly'), 'admin_only');
  return actor;
}
