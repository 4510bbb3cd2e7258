import type { FastifyInstance } from 'fastify';

/**
 * The operations of the API as its OpenAPI document describes them, and the routes the
 * server really has, so a test can walk every operation without listing routes (a route
 * added later is walked too) and can tell which routes the document leaves out.
 */

export type JsonSchema = Record<string, any>;

export interface Operation {
  method: string;
  /** The document's path, `/api/v2/surveys/{id}`. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  /** Schema of an `application/json` body, when the operation takes one. */
  jsonBody: JsonSchema | null;
  /** The operation requires a signed-in caller (it declares the bearer security scheme). */
  signedIn: boolean;
}

export function operationsOf(doc: { paths?: Record<string, Record<string, any>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters: any[] = op.parameters ?? [];
      out.push({
        method: method.toUpperCase(),
        path,
        // Only the segments in the path itself: an optional parameter of a sibling route
        // (`{extra}`) may be listed on a path that lacks it.
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
          name: m[1],
          schema: parameters.find((p) => p.in === 'path' && p.name === m[1])?.schema ?? {},
        })),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        jsonBody: op.requestBody?.content?.['application/json']?.schema ?? null,
        signedIn: Array.isArray(op.security) && op.security.some((s: Record<string, unknown>) => 'bearer' in s),
      });
    }
  }
  return out;
}

/** The document's path with every `{param}` replaced (values are URL-encoded by the caller). */
export function fillPath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '1');
}

/**
 * Every `METHOD /path` the server answers (HEAD excepted), read from `printRoutes`, with
 * each parameter written `{}` (compare with `anonymousParams` of the document's paths).
 */
export function serverRoutesOf(app: FastifyInstance): string[] {
  // The compact tree: with `commonPrefix: false` find-my-way drops a wildcard's prefix.
  const lines = app.printRoutes().split('\n');
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of lines) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack[depth] = match[2];
    // Routes sharing a parametric segment under different names print as `:id|:type`.
    const path = stack.join('').replace(/:[A-Za-z_][A-Za-z0-9_]*(\|:[A-Za-z_][A-Za-z0-9_]*)*/g, '{}');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') out.push(`${method} ${path}`);
    }
  }
  return out;
}

/**
 * A body the schema accepts, as far as a generic reading can tell: required and optional
 * properties filled, enums with their first value, bounds respected. Bad values are then
 * put into it one field at a time, so each reaches as deep into the route as it can.
 */
export function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('default' in schema && schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) {
    const pick = variants.find((v: JsonSchema) => v.type !== 'null') ?? variants[0];
    return sampleOf(pick, depth + 1);
  }
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s: JsonSchema) => sampleOf(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries<JsonSchema>(schema.properties ?? {})) out[key] = sampleOf(prop, depth + 1);
      return out;
    }
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => sampleOf(schema.items, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(min, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema);
    default:
      return null;
  }
}

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'sonde@example.cm';
    case 'date-time':
      return '2026-01-15T10:00:00.000Z';
    case 'date':
      return '2026-01-15';
    case 'uuid':
      return '0f8fad5b-d9cb-469f-a165-70867728950e';
    case 'uri':
    case 'url':
      return 'https://example.cm/a';
  }
  if (typeof schema.pattern === 'string') {
    // A few ordinary texts, tried against the pattern (codes, slugs, phone numbers).
    const pattern = new RegExp(schema.pattern);
    const fit = ['texte1', 'Texte1', 'TEXTE1', 'texte-1', '237690000000', '+237690000000', '12:30', 'a1b2c3d4e5f6'].find((c) => pattern.test(c));
    if (fit) return fit;
  }
  const text = 'Texte1';
  const min = schema.minLength ?? 0;
  const padded = text.length >= min ? text : text.padEnd(min, 'x');
  return schema.maxLength !== undefined ? padded.slice(0, Math.max(schema.maxLength, 1)) : padded;
}

/** Paths (as key lists) of every value in `value` for which `pick` is true. */
export function leafPaths(value: unknown, pick: (leaf: unknown) => boolean, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, pick, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, pick, [...path, key]));
  }
  return pick(value) ? [path] : [];
}

/** A deep copy of `value` with the leaf at `path` replaced. */
export function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]] = withLeaf(copy[path[0]], path.slice(1), leaf);
  return copy;
}

/** A path with its parameter names dropped: `/surveys/{id}` → `/surveys/{}`. */
export function anonymousParams(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}');
}
