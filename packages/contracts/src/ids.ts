import { z } from 'zod';
import { INT4_MAX, INT4_MIN, RECORD_ID_PATTERN, recordIdOf } from './record-id';

export * from './record-id';

/**
 * The schemas that stop impossible record ids (see `record-id.ts`) at the edge: a path
 * id that is not one is a 404 (the API's error handler answers 404 to any path parameter
 * that fails its schema), a body id a 422 naming the field, an `Agent-id` header a 403.
 */
const ID_MESSAGE = 'Identifiant invalide : un entier entre 1 et 2147483647 est attendu.';

/**
 * A record id in a JSON body (`survey_id`, `role_id`, `question_ids[]`…); `missing` is
 * the message when it is absent or not a number ("La question est obligatoire"),
 * `invalid` when it is a number but no possible id ("Agent inconnu").
 */
export function recordIdSchema(missing = ID_MESSAGE, invalid = ID_MESSAGE) {
  return z
    .number({ message: missing })
    .int({ message: invalid })
    .min(1, { message: invalid })
    .max(INT4_MAX, { message: invalid });
}
export const recordId = recordIdSchema();

/** A record id in a path segment (`/surveys/{id}`): the text, checked, read as a number. */
export const pathId = z
  .string()
  .regex(RECORD_ID_PATTERN, { message: ID_MESSAGE })
  .refine((text) => recordIdOf(text) !== null, { message: ID_MESSAGE })
  .transform((text) => Number(text));

/** The `{id}` path parameters of most routes. */
export const idParams = z.object({ id: pathId });

/** An integer column that is not an id (positions, prices, counts): within int4. */
export function int4(options: { min?: number; max?: number } = {}) {
  return z
    .number()
    .int()
    .min(Math.max(options.min ?? INT4_MIN, INT4_MIN))
    .max(Math.min(options.max ?? INT4_MAX, INT4_MAX));
}

/** Years a date of the product may name: no survey, invoice or booking is dated outside them. */
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

/**
 * An instant in a body (ISO 8601 with its offset: `2026-05-01T08:00:00Z`), between
 * MIN_YEAR and MAX_YEAR: a year 0 or 275760 passes the format but is no date of the
 * product (and some are beyond what PostgreSQL or the exports can write).
 */
export function instantSchema(message = 'Date et heure attendues au format ISO 8601 (ex. 2026-05-01T08:00:00Z)') {
  return z.iso.datetime({ offset: true, message }).refine(
    (text) => {
      const year = new Date(text).getUTCFullYear();
      return year >= MIN_YEAR && year <= MAX_YEAR;
    },
    { message: `La date doit être comprise entre ${MIN_YEAR} et ${MAX_YEAR}.` },
  );
}
