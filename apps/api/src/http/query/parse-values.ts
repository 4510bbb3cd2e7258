import { INT4_MAX, INT4_MIN } from '@app/contracts';
import { badQuery } from './query.texts';
import type { Scalar } from './parsed-query';
import type { FieldDef, ResourceQueryDef } from './resource-def';

/**
 * Normalisation of the loose values a query object arrives with: qs gives only strings
 * (and objects with numeric keys for sparse or long arrays), JSON bodies give real types.
 * Every helper either returns a clean value or throws a 400 naming the culprit.
 */
export { INT4_MAX, INT4_MIN };
/** Longest text value accepted in a filter or search (a guard, not a business rule). */
const MAX_TEXT_LENGTH = 1000;

export type PlainObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an own property only, so that keys like `constructor` never hit the prototype. */
export function readProp(obj: PlainObject, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Whether a value is "absent" in a query string sense (missing, null or empty). */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A short printable form of any input, for error messages. */
export function describeValue(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(typeof value);
    } catch {
      text = typeof value;
    }
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Arrays come as arrays, as objects with numeric keys (qs past its array limit, or
 * sparse indices) or, from older clients, as a JSON string. Returns null when `value`
 * is none of those.
 */
export function toList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!trimmed.startsWith('[')) return null;
    try {
      const decoded: unknown = JSON.parse(trimmed);
      return Array.isArray(decoded) ? decoded : null;
    } catch {
      return null;
    }
  }
  if (!isPlainObject(value)) return null;
  const keys = Object.keys(value);
  if (!keys.every((k) => /^\d{1,9}$/.test(k))) return null;
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]);
}

/** Like toList, but a missing value is an empty list and anything else is a 400. */
export function requireList(value: unknown, param: string): unknown[] {
  if (isBlank(value)) return [];
  const list = toList(value);
  if (!list) throw badQuery('invalid_query', 'listExpected', { param });
  return list;
}

/** Objects may also arrive JSON-encoded in a query string. */
export function toObject(value: unknown): PlainObject | null {
  if (isPlainObject(value)) return value;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      const decoded: unknown = JSON.parse(value);
      return isPlainObject(decoded) ? decoded : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Accepts true/"true"/1/"1" and false/"false"/0/"0"; blank gives the fallback. */
export function parseBoolean(value: unknown, param: string, fallback = false): boolean {
  if (isBlank(value)) return fallback;
  if (value === true || value === 1 || value === 'true' || value === '1') return true;
  if (value === false || value === 0 || value === 'false' || value === '0') return false;
  throw badQuery('invalid_value', 'invalidBoolean', { param, value: describeValue(value) });
}

/** An integer within [min, max]; blank gives null. */
export function parseInteger(value: unknown, param: string, min: number, max = Number.MAX_SAFE_INTEGER): number | null {
  if (isBlank(value)) return null;
  const n = toIntegerOrNaN(value);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const shown = describeValue(value);
    if (max === Number.MAX_SAFE_INTEGER) throw badQuery('invalid_value', 'integerAtLeast', { param, min, value: shown });
    throw badQuery('invalid_value', 'integerBetween', { param, min, max, value: shown });
  }
  return n;
}

function toIntegerOrNaN(value: unknown): number {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number.NaN;
  if (typeof value === 'string' && /^\s*[+-]?\d{1,20}\s*$/.test(value)) return Number(value);
  return Number.NaN;
}

/** Text that PostgreSQL can store: NUL bytes are refused by the server, so they are a 400 here. */
export function checkText(value: string, param: string): string {
  if (value.includes('\u0000') || value.length > MAX_TEXT_LENGTH) {
    throw badQuery('invalid_value', 'invalidText', { param });
  }
  return value;
}

/** The scalar written as text, for pattern operators and search. */
export function toText(value: unknown, param: string): string {
  if (typeof value === 'string') return checkText(value, param);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  throw badQuery('invalid_value', 'textExpected', { param, value: describeValue(value) });
}

const NUMBER_RE = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function invalidFor(key: string, expected: 'dateExpected' | 'dayExpected' | 'scalarExpected' | 'integerExpected' | 'numberExpected' | 'booleanExpected', value: unknown) {
  return badQuery('invalid_value', expected, { key, value: describeValue(value) });
}

function isRealDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * A timestamp is re-written as an ISO string in UTC so that JavaScript and PostgreSQL
 * read the same instant (their parsers disagree on loose formats).
 */
function coerceTimestamp(value: unknown, key: string): string {
  const m = TIMESTAMP_RE.exec(typeof value === 'string' ? value.trim() : '');
  if (!m) throw invalidFor(key, 'dateExpected', value);
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] = m;
  const valid =
    Number(year) >= 1 && isRealDay(Number(year), Number(month), Number(day)) && Number(hour) <= 23 && Number(minute) <= 59 && Number(second) <= 59;
  if (!valid) throw invalidFor(key, 'dateExpected', value);
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.length > 3 ? zone.slice(-2) : '00'}`;
  const millis = fraction.slice(0, 4).padEnd(fraction ? 4 : 0, '0');
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${millis}${offset}`);
  // An offset can push 9999-12-31 or 0001-01-01 out of the years PostgreSQL reads back.
  const utcYear = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || utcYear < 1 || utcYear > 9999) throw invalidFor(key, 'dateExpected', value);
  return date.toISOString();
}

function coerceDate(value: unknown, key: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  const m = DATE_RE.exec(text);
  if (!m || Number(m[1]) < 1 || !isRealDay(Number(m[1]), Number(m[2]), Number(m[3]))) {
    throw invalidFor(key, 'dayExpected', value);
  }
  return text;
}

/** Turns a raw filter value into the type of the field it is compared with. */
export function coerceFieldValue(value: unknown, field: FieldDef, key: string): Scalar {
  if (typeof value === 'object' || typeof value === 'function' || typeof value === 'undefined') {
    throw invalidFor(key, 'scalarExpected', value);
  }
  switch (field.type) {
    case 'integer': {
      const n = toIntegerOrNaN(value);
      if (!Number.isSafeInteger(n) || n < INT4_MIN || n > INT4_MAX) throw invalidFor(key, 'integerExpected', value);
      return n;
    }
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && NUMBER_RE.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(n)) throw invalidFor(key, 'numberExpected', value);
      return n;
    }
    case 'boolean':
      if (value === true || value === 1 || value === 'true' || value === '1') return true;
      if (value === false || value === 0 || value === 'false' || value === '0') return false;
      throw invalidFor(key, 'booleanExpected', value);
    case 'timestamp':
      return coerceTimestamp(value, key);
    case 'date':
      return coerceDate(value, key);
    default:
      return toText(value, key);
  }
}

/** A key usable in filters, sort and group_by: known, visible and comparable. */
const UNKNOWN_KEY_TEXTS = { filter: 'unknownFilterKey', sort: 'unknownSortKey', group_by: 'unknownGroupKey' } as const;

export function requireFilterableField(def: ResourceQueryDef, key: unknown, usedIn: keyof typeof UNKNOWN_KEY_TEXTS = 'filter'): { key: string; field: FieldDef } {
  const field = typeof key === 'string' && Object.hasOwn(def.fields, key) ? def.fields[key] : undefined;
  if (!field || field.hidden || field.filterable === false || field.type === 'json') {
    throw badQuery('unknown_key', UNKNOWN_KEY_TEXTS[usedIn], { value: describeValue(key), resource: def.name });
  }
  return { key: key as string, field };
}

/** A key usable in `select`: known and visible. */
export function requireVisibleField(def: ResourceQueryDef, key: string): FieldDef {
  const field = Object.hasOwn(def.fields, key) ? def.fields[key] : undefined;
  if (!field || field.hidden) {
    throw badQuery('unknown_key', 'unknownSelectKey', { value: describeValue(key), resource: def.name });
  }
  return field;
}
