import { z } from 'zod';
import type { FieldType, ResourceQueryDef } from './query/resource-def';

/**
 * The success envelopes of API.md as zod schemas, for a route's `schema.response`. Fastify
 * serialises the reply through them (fastify-type-provider-zod's serializer): a key the
 * schema does not name is dropped, so a field a handler returns by mistake never leaves,
 * and the OpenAPI document shows the `data` a client gets. Rule for a new route
 * (API.md "Declaring a response"): `response: { 200: okSchema(Dto) }` (201 for a
 * creation), `okListSchema(Row)` for a list, `okNullSchema` when `data` is null.
 */

const listMetaSchema = z.object({
  limit: z.number().int().nullable(),
  page: z.number().int().nullable(),
  start: z.number().int(),
  has_more: z.boolean(),
  total: z.number().int().optional(),
});

/** `{ success: true, data, message? }` with the given `data`. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

/** A list: `data` is an array of rows and `meta` its paging (API.md "Responses"). */
export function okListSchema<T extends z.ZodType>(row: T) {
  return z.object({ success: z.literal(true), data: z.array(row), message: z.string().optional(), meta: listMetaSchema });
}

/** An action with nothing to give back (a deletion): `data` is null. */
export const okNullSchema = okSchema(z.null());

const FIELD_SCHEMAS: Record<FieldType, () => z.ZodType> = {
  text: () => z.string(),
  integer: () => z.number().int(),
  number: () => z.number(),
  boolean: () => z.boolean(),
  timestamp: () => z.string().describe('Instant ISO 8601 en UTC (YYYY-MM-DDTHH:MM:SS.mmmZ)'),
  date: () => z.string().describe('Date (YYYY-MM-DD)'),
  json: () => z.unknown(),
};

/**
 * A row of a regular resource as the list engine gives it (http/query): its visible fields
 * (each optional, since `select` and `group_by` choose them), the relations an `includes`
 * or `load` adds with their `<relation>_has_more`, `pinned` on pinnable resources and the
 * `count` of a `group_by`. Derived from the resource's definition, so the document follows
 * the whitelist; hidden fields are not named and so never serialised. `extra`: the keys a
 * service adds to its rows (a member count, display names), which would be dropped else.
 */
export function resourceRowSchema(def: ResourceQueryDef, extra: Record<string, z.ZodType> = {}): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.hidden) continue;
    const value = field.array ? z.array(FIELD_SCHEMAS[field.type]()) : FIELD_SCHEMAS[field.type]();
    shape[key] = value.nullable().optional();
  }
  for (const relation of Object.keys(def.relations ?? {})) {
    shape[relation] ??= z.unknown().optional().describe(`Relation « ${relation} » (includes, load) : ligne(s) liée(s) ou leurs ids`);
    shape[`${relation}_has_more`] = z.boolean().optional().describe('La relation a été coupée (plus de lignes que le plafond)');
    // `relation:ids`: the id of a belongsTo (null when none), the ids of a hasMany.
    shape[`${relation}_ids`] = z.union([z.array(z.number().int()), z.number().int()]).nullable().optional().describe(`Le ou les ids de « ${relation} » (includes « ${relation}:ids »)`);
  }
  if (def.pinType) shape.pinned = z.boolean().optional().describe('Épinglé par l’utilisateur');
  shape.count ??= z.number().int().optional().describe('group_by : nombre de lignes du groupe');
  for (const [key, schema] of Object.entries(extra)) shape[key] = schema.optional();
  return z.object(shape);
}

/**
 * A file answer (an image, a PDF, a spreadsheet) in the given media type, for
 * `response: { 200: fileResponse('image/png', 'QR code') }`: the document names the media
 * type; the body is the file itself (a Buffer or a stream, which Fastify sends as is).
 */
export function fileResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.any().meta({ type: 'string', description: `Fichier ${mediaType}` }) } } };
}
