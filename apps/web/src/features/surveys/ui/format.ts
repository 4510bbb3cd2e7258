import { currentLanguage } from '../../../i18n/i18n';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(kind: 'date' | 'dateTime'): Intl.DateTimeFormat {
  const language = currentLanguage();
  const key = `${language}|${kind}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, kind === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A timestamp as the reader's language writes it; a dash when absent or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : formatterFor('dateTime').format(date);
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : formatterFor('date').format(date);
}

/** A number with at most `digits` decimals in the reader's language. */
export function formatNumber(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: digits }).format(value);
}

/** A share (0-100) as a percentage. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}
