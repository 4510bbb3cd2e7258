import type { Actor } from './actor';
import { forbidden, unauthorized } from './errors';

/**
 * Who may do an action on a resource:
 * - `public`: anyone, signed in or not (reference data);
 * - `authenticated`: any signed-in caller;
 * - `admin`: platform admins only;
 * - `permission`: the slug `resource.action` must be granted (platform admins always pass).
 */
export type AccessRule = 'public' | 'authenticated' | 'admin' | 'permission';

export function hasPermission(actor: Actor, slug: string): boolean {
  return actor.type === 'admin' || actor.permissions.has(slug);
}

/** Throws 401 or 403 unless `actor` may do `action` on `resource` under `rule`. */
export function authorize(actor: Actor | null, rule: AccessRule, resource: string, action: string): void {
  if (rule === 'public') return;
  if (!actor) throw unauthorized();
  if (rule === 'authenticated') return;
  if (rule === 'admin') {
    if (actor.type !== 'admin') throw forbidden();
    return;
  }
  if (!hasPermission(actor, `${resource}.${action}`)) throw forbidden();
}
