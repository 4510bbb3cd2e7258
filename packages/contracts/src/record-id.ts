/**
 * Record ids are PostgreSQL `integer` (int4) serials: 1 … 2 147 483 647. Anything else
 * can name no record, and sending it to the database fails there ("out of range for
 * type integer") instead of reading as "not found". No zod here: the answering page
 * reads ids and must stay light; the schemas are in `ids.ts`.
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

