import { z } from 'zod';

/**
 * Record ids are PostgreSQL `integer` (int4) serials: 1 … 2 147 483 647. Anything else
 * can name no record, and sending it to the database fails there ("out of range for
 * type integer") instead of reading as "not found". These schemas stop it at the edge:
 * a path id that is not one is a 404 (the API's error handler answers 404 to any path
 * parameter that fails its schema), a body id a 422 naming the field, an `Agent-id`
 * header a 403.
 */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** Whether a value is a usable record id (a positive int4). */
export function isRecordId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= INT4_MAX;
}

/** A record id written in a path, a header or a query string: digits only, no sign, no exponent. */
export const RECORD_ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** The record id a text holds, or null (`'12'` → 12; `'012'`, `'1e3'`, `'2147483648'` → null). */
export function recordIdOf(text: string | null | undefined): number | null {
  if (typeof text !== 'string' || !RECORD_ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return id <= INT4_MAX ? id : null;
}

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
