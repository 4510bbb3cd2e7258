import { DEFAULT_CURRENCY, TRUNCATE_DEFAULT } from '@app/contracts/constants';
import { currentLanguage } from '../i18n/i18n';
import { nextTask } from '../lib/when-idle';

/**
 * The formatters of section 9, in one place: every screen writes numbers, dates, money
 * and names the same way. They follow the reader's language (French by default: decimal
 * comma, narrow no-break space before units) and answer a dash for a missing value.
 */

const DASH = '—';
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: (language: string) => T): T {
  const language = currentLanguage();
  const full = `${language}|${key}`;
  let formatter = cache.get(full) as T | undefined;
  if (!formatter) {
    formatter = make(language);
    cache.set(full, formatter);
  }
  return formatter;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** A timestamp as the reader's language writes it ("24 nov. 2026, 14:05"). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? cached('dateTime', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' })).format(date) : DASH;
}

/** A day ("24 nov. 2026"). */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? cached('date', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' })).format(date) : DASH;
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago (or in how long) from `now`: "il y a 5 minutes", "dans 2 jours", "hier". */
export function formatRelative(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return DASH;
  let amount = (date.getTime() - now.getTime()) / 1000;
  const formatter = cached('relative', (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return formatter.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(date);
}

/** A number with at most `digits` decimals in the reader's language ("1 234,5"). */
export function formatNumber(value: number | null | undefined, digits = 1): string {
  if (!isNumber(value)) return DASH;
  return cached(`number|${digits}`, (l) => new Intl.NumberFormat(l, { maximumFractionDigits: digits })).format(value);
}

/** A share (0-100) as a percentage ("12,5 %"). */
export function formatPercent(value: number | null | undefined): string {
  if (!isNumber(value)) return DASH;
  return cached('percent', (l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 1 })).format(value / 100);
}

const SHORT_UNITS: Array<[number, string]> = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * Section 9's shortening: K from 1 000, M from 1 000 000, B from 1 000 000 000, one
 * decimal, cut rather than rounded so 999 999 never reads "1000K" ("1,2K", "3M").
 */
export function shortNumber(value: number | null | undefined): string {
  if (!isNumber(value)) return DASH;
  const size = Math.abs(value);
  for (const [threshold, unit] of SHORT_UNITS) {
    if (size >= threshold) {
      const scaled = Math.trunc((value / threshold) * 10) / 10;
      return `${formatNumber(scaled, 1)}${unit}`;
    }
  }
  return formatNumber(value, 1);
}

/**
 * An amount the API sends in integer minor units (XAF has none, so 1500 is 1 500 FCFA;
 * a currency with cents divides by 100), written as the reader's language writes money.
 */
export function formatMoney(minor: number | null | undefined, currency: string = DEFAULT_CURRENCY): string {
  if (!isNumber(minor)) return DASH;
  const formatter = cached(`money|${currency}`, (l) => new Intl.NumberFormat(l, { style: 'currency', currency }));
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 0;
  return formatter.format(minor / 10 ** digits);
}

/** Section 9: at most `max` characters (100 by default), the cut marked with an ellipsis. */
export function truncate(text: string | null | undefined, max: number = TRUNCATE_DEFAULT): string {
  if (!text) return '';
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}

/** Section 9: up to two initials from a name ("Awa Ngo" → "AN", "awa" → "A"). */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  const words = name
    .trim()
    .split(/[\s\-_.@]+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => (Array.from(word).find((c) => /\p{L}|\p{N}/u.test(c)) ?? '').toLocaleUpperCase(currentLanguage()))
    .join('');
}

/**
 * A language's first number and date formatters load its data: some 70 ms each on a slow
 * phone. Made at start-up in tasks of their own, they are not a long task inside a page's
 * first figures (issue 23).
 */
export async function warmFormatters(): Promise<void> {
  await nextTask();
  formatNumber(0, 0);
  await nextTask();
  formatDateTime(0);
}
