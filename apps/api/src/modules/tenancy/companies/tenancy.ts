import type { Actor, RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { forbidden, unauthorized } from '../../../http/errors';
import { parseQueryObject, type QueryScope, type ResourceQueryDef } from '../../../http/query';
import type { IncludeNode } from '../../../http/query/parsed-query';
import { tenancyText } from '../tenancy.texts';

/** The signed-in caller, or 401. */
export function requireActor(ctx: RequestContext): Actor {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor;
}

export function isPlatformAdmin(actor: Actor | null): boolean {
  return actor?.type === 'admin';
}

/**
 * A platform admin working outside any company (no Agent-id) sees every company's rows
 * in the back office; everyone else is confined to the active company.
 */
export function seesAllCompanies(actor: Actor | null): boolean {
  return isPlatformAdmin(actor) && actor!.companyId == null;
}

/** The active company of the caller, or 403 when no membership is selected. */
export function requireCompany(ctx: RequestContext): { actor: Actor; companyId: number } {
  const actor = requireActor(ctx);
  if (actor.companyId == null) {
    throw forbidden(tenancyText(ctx.locale, 'noActiveCompany'), 'no_active_company');
  }
  return { actor, companyId: actor.companyId };
}

/** 401/403 unless the caller holds `slug` (platform admins always do). */
export function requirePermission(ctx: RequestContext, slug: string): Actor {
  const actor = requireActor(ctx);
  if (!hasPermission(actor, slug)) throw forbidden();
  return actor;
}

const globalVariants = new WeakMap<ResourceQueryDef, ResourceQueryDef>();

/** The same definition, relations included, without the company filter (back office). */
export function globalVariant(def: ResourceQueryDef): ResourceQueryDef {
  const known = globalVariants.get(def);
  if (known) return known;
  const variant: ResourceQueryDef = { ...def, scope: 'global' };
  globalVariants.set(def, variant);
  if (def.relations) {
    variant.relations = Object.fromEntries(
      Object.entries(def.relations).map(([name, relation]) => [
        name,
        { ...relation, target: () => globalVariant(relation.target()) },
      ]),
    );
  }
  return variant;
}

const ownRowsVariants = new WeakMap<ResourceQueryDef, Map<string, ResourceQueryDef>>();

/**
 * For reads of the caller's own rows whatever the company (respondent, invitee): the root
 * has no company filter (the service pins it to the caller), and only the listed relation
 * paths (`survey`, `answers.question`) remain, unscoped too since they hang off the
 * caller's row. Every other relation is unknown (400), at any depth and in includes, load
 * and wherehas alike, so nothing of the other company's people comes along.
 */
export function ownRowsVariant(def: ResourceQueryDef, paths: readonly string[]): ResourceQueryDef {
  const key = [...paths].sort().join(',');
  const byPaths = ownRowsVariants.get(def) ?? new Map<string, ResourceQueryDef>();
  ownRowsVariants.set(def, byPaths);
  const known = byPaths.get(key);
  if (known) return known;
  const children = new Map<string, string[]>();
  for (const path of paths) {
    const [head, ...rest] = path.split('.');
    const list = children.get(head) ?? [];
    if (rest.length > 0) list.push(rest.join('.'));
    children.set(head, list);
  }
  const relations: NonNullable<ResourceQueryDef['relations']> = {};
  for (const [name, sub] of children) {
    const relation = def.relations?.[name];
    if (relation) relations[name] = { ...relation, target: () => ownRowsVariant(relation.target(), sub) };
  }
  const variant: ResourceQueryDef = { ...def, scope: 'global', relations };
  byPaths.set(key, variant);
  return variant;
}

/** The definition and scope a tenant-owned list or lookup runs with for this caller. */
export function tenantQuery(ctx: RequestContext, def: ResourceQueryDef): { def: ResourceQueryDef; scope: QueryScope } {
  if (seesAllCompanies(ctx.actor)) return { def: globalVariant(def), scope: { companyId: null } };
  return { def, scope: { companyId: ctx.actor?.companyId ?? null, userId: ctx.actor?.userId ?? null } };
}

/** The validated `includes` of a detail request (`?includes[]=user`), if any. */
export function includesOf(rawQuery: unknown, def: ResourceQueryDef): IncludeNode[] | undefined {
  return rawQuery ? parseQueryObject(rawQuery, def).includes : undefined;
}
