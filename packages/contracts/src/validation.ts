/** Validation rules of section 5, shared by forms and the server. */
import { GENERATED_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';

/** Local part of letters, digits, dot, underscore, hyphen; a domain; a TLD of 2+ letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** The contact form's stricter variant: a TLD of 2 to 8 letters. */
export const CONTACT_EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,8}$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'string' || value.trim() === '') return false;
  return Number.isFinite(Number(value));
}

export function hasDigits(value: string, count = 9): boolean {
  return new RegExp(`^\\d{${count}}$`).test(value);
}

/**
 * Mobile prefixes (three first digits of a nine-digit Cameroonian number). The
 * description gives two lists; a number is mobile when its prefix is in either.
 */
export const MOBILE_PREFIX_LISTS: ReadonlyArray<ReadonlyArray<[number, number]>> = [
  [
    [640, 640],
    [655, 659],
    [686, 699],
  ],
  [
    [650, 654],
    [670, 683],
  ],
];

/** A nine-digit national mobile number, optionally written with +237 / 237 and spaces. */
export function normalizeMobile(value: string): string | null {
  const digits = value.replace(/[\s.-]/g, '').replace(/^(\+|00)?237/, '');
  if (!hasDigits(digits, 9)) return null;
  const prefix = Number(digits.slice(0, 3));
  const ok = MOBILE_PREFIX_LISTS.some((list) => list.some(([lo, hi]) => prefix >= lo && prefix <= hi));
  return ok ? digits : null;
}

export function isMobilePhone(value: string): boolean {
  return normalizeMobile(value) !== null;
}

export const PASSWORD_SYMBOLS = '!@#$%&*?-_+=';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';

/** Random integer in [0, max) from the platform's cryptographic generator. */
function randomIndex(max: number): number {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  do {
    globalThis.crypto.getRandomValues(buf);
  } while (buf[0] >= limit);
  return buf[0] % max;
}

/** A password of `length` with at least one upper, lower, digit and symbol (section 5). */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  const all = UPPER + LOWER + DIGITS + PASSWORD_SYMBOLS;
  const chars = [UPPER, LOWER, DIGITS, PASSWORD_SYMBOLS].map((set) => set[randomIndex(set.length)]);
  while (chars.length < Math.max(length, 4)) chars.push(all[randomIndex(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export function isStrongEnough(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH;
}

/** Years a filter's day may name: the database holds any of them, a day shifted by a period included. */
export const FILTER_DAY_MIN_YEAR = 1900;
export const FILTER_DAY_MAX_YEAR = 2999;

/**
 * Whether `text` is a day of the calendar written `YYYY-MM-DD` (so not 2026-02-31, which
 * `Date.parse` quietly turns into 3 March) within the years a filter accepts.
 */
export function isFilterDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const year = Number(text.slice(0, 4));
  if (year < FILTER_DAY_MIN_YEAR || year > FILTER_DAY_MAX_YEAR) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
