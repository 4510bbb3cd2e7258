import type { RequestContext } from '../../../http/actor';

/**
 * Resolves a public reference (`public/getobject/{type}/{code}[/{extra}]`) to what anyone
 * holding it may see; null when there is nothing to show (answered as 404).
 */
export type PublicObjectResolver = (ctx: RequestContext, code: string, extra: string | undefined) => Promise<Record<string, unknown> | null>;

const resolvers = new Map<string, PublicObjectResolver>();

/** Modules make their objects reachable by code with this (surveys, companies, ...). */
export function registerPublicObject(types: string | string[], resolver: PublicObjectResolver): void {
  for (const type of Array.isArray(types) ? types : [types]) resolvers.set(type, resolver);
}

export function publicObjectResolver(type: string): PublicObjectResolver | undefined {
  return resolvers.get(type);
}

export function publicObjectTypes(): string[] {
  return [...resolvers.keys()].sort();
}
