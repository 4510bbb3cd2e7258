import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors';

/**
 * One rule for the keys of a query string, on every route of /api (API.md, "Unknown query
 * keys"): a key is accepted when the route's `querystring` schema names it, or when it
 * belongs to the query object of the lists (`filter_groups`, `includes`, `sort`...) and
 * the route declares no closed query schema. Anything else is 400 `unknown_key`, so a
 * misspelt filter (`?stauts=draft`) is never silently ignored.
 */

/** The keys of the query object (API.md "The query object"), read by lists and lookups. */
export const QUERY_OBJECT_KEYS = [
  'filter_groups',
  'includes',
  'sort',
  'limit',
  'page',
  'start',
  'select',
  'group_by',
  'load',
  'wherehas',
  'with_total',
  'input',
] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Filled by the onRoute hook below: the query keys the route accepts. */
    queryKeys?: ReadonlySet<string>;
  }
}

/** The object schema inside optional/nullable/default wrappers, or null. */
function objectSchemaOf(schema: unknown): z.ZodObject | null {
  let current = schema;
  for (let i = 0; i < 5 && current; i++) {
    if (current instanceof z.ZodObject) return current;
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
      current = current.unwrap();
      continue;
    }
    return null;
  }
  return null;
}

/** The keys a route accepts; null when its query schema is not an object (then it decides). */
export function acceptedQueryKeys(querystring: unknown): ReadonlySet<string> | null {
  if (querystring === undefined) return new Set(QUERY_OBJECT_KEYS);
  const object = objectSchemaOf(querystring);
  if (!object) return null;
  const keys = new Set(Object.keys(object.shape));
  // A loose schema (`z.looseObject`) names the keys it reads and lets the query object through.
  const catchall = object._zod.def.catchall;
  if (catchall && !(catchall instanceof z.ZodNever)) for (const key of QUERY_OBJECT_KEYS) keys.add(key);
  return keys;
}

const MAX_NAMED = 12;

function unknownKey(key: string, accepted: ReadonlySet<string>): AppError {
  const shown = key.length > 60 ? `${key.slice(0, 60)}…` : key;
  const list = [...accepted].slice(0, MAX_NAMED).join(', ');
  const message = accepted.size === 0
    ? `Paramètre de requête inconnu « ${shown} » : cette opération n’en accepte aucun.`
    : `Paramètre de requête inconnu « ${shown} » (acceptés : ${list}${accepted.size > MAX_NAMED ? '…' : ''}).`;
  return new AppError(400, 'unknown_key', message);
}

async function checkQueryKeys(request: FastifyRequest): Promise<void> {
  const accepted = request.routeOptions.config?.queryKeys;
  const query = request.query;
  if (!accepted || !query || typeof query !== 'object') return;
  for (const key of Object.keys(query)) {
    if (!accepted.has(key)) throw unknownKey(key, accepted);
  }
}

/** Registers the rule on `scope` (the /api scope), before its routes are declared. */
export function registerQueryKeyRule(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    const keys = acceptedQueryKeys(route.schema?.querystring);
    if (keys) route.config = { ...route.config, queryKeys: keys };
  });
  scope.addHook('preValidation', checkQueryKeys);
}
