import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { type AccessRule, authorize } from './authorize';

/**
 * Who may call a route, decided before its body is parsed or validated (ARCHITECTURE.md,
 * "Route access"): an anonymous caller of a protected route gets 401 whatever it sent
 * (an empty, malformed or oversized body, a content type no route reads), never a 422
 * that would teach it the route's field rules.
 *
 * Every route of /api is signed-in by default. A route open to anonymous callers says so
 * with `config: PUBLIC_ROUTE` (or `authOptional`, the sign-in calls made with a stale
 * token). A route may also name its permission (`config: { permission: 'roles.create' }`)
 * or restrict itself to platform admins (`access: 'admin'`): both are checked here too,
 * so a caller without them gets 403 before any 422. The service still authorizes
 * (the rules stay in one place per resource): this check only comes first.
 */
export type RouteAccess = 'public' | 'signed-in' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `signed-in` when absent (see http/route-access.ts). */
    access?: RouteAccess;
    /** Permission slug `resource.action` the caller needs (platform admins always pass). */
    permission?: string;
  }
}

/** Route config of a route anonymous callers may use. */
export const PUBLIC_ROUTE = { access: 'public' } as const;

/** Route config of a route only platform admins may use. */
export const ADMIN_ROUTE = { access: 'admin' } as const;

interface AccessConfig {
  access?: RouteAccess;
  permission?: string;
  authOptional?: boolean;
}

/** True when a route requires a signed-in caller (read by the OpenAPI document too). */
export function requiresSignIn(config: AccessConfig | undefined): boolean {
  return config?.access !== 'public' && config?.authOptional !== true;
}

/** The route config matching a crud-service access rule (resource-routes.ts). */
export function accessConfigOf(rule: AccessRule, resource: string, action: string): AccessConfig {
  switch (rule) {
    case 'public':
      return { access: 'public' };
    case 'admin':
      return { access: 'admin' };
    case 'permission':
      return { permission: `${resource}.${action}` };
    default:
      return {};
  }
}

async function checkAccess(request: FastifyRequest): Promise<void> {
  const config = request.routeOptions.config as AccessConfig | undefined;
  // Unknown paths (404) and the routes of other scopes carry no config of ours.
  if (!request.routeOptions.url) return;
  if (!requiresSignIn(config)) return;
  if (config?.access === 'admin') return authorize(request.actor, 'admin', '', '');
  if (config?.permission) {
    const dot = config.permission.lastIndexOf('.');
    return authorize(request.actor, 'permission', config.permission.slice(0, dot), config.permission.slice(dot + 1));
  }
  authorize(request.actor, 'authenticated', '', '');
}

/**
 * Registers the check on `scope` (the /api scope), after the authentication hook: it runs
 * at `onRequest`, so before the body is read (a malformed JSON body's 400, a too large
 * body's 413 and an unread content type's 415 all come after it).
 */
export function registerRouteAccess(scope: FastifyInstance): void {
  scope.addHook('onRequest', checkAccess);
}

/**
 * Marks every route declared after it in `scope` (an encapsulated plugin) admin-only, so
 * a non-admin gets 403 before any 422 or 400 (the back office's `mnt/*` and `admin/*`);
 * the services still call requireAdmin.
 */
export function adminOnlyRoutes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...(route.config as object), access: 'admin' } as RouteOptions['config'];
  });
}

/** The access config of a route being declared (for hooks that see `RouteOptions`). */
export function accessOfRoute(route: RouteOptions): AccessConfig | undefined {
  return route.config as AccessConfig | undefined;
}
