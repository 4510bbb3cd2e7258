import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, formatRelative, initials, shortNumber, truncate } from './format';

// Intl writes French with narrow no-break spaces (U+202F) and no-break spaces (U+00A0).
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

beforeAll(async () => {
  await initI18n();
});

describe('section 9 formatters (French)', () => {
  it('shortens with K, M and B and one decimal, with a decimal comma', () => {
    expect(shortNumber(999)).toBe('999');
    expect(shortNumber(1000)).toBe('1K');
    expect(shortNumber(1250)).toBe('1,2K');
    expect(shortNumber(999_999)).toBe('999,9K');
    expect(shortNumber(1_000_000)).toBe('1M');
    expect(shortNumber(2_560_000)).toBe('2,5M');
    expect(shortNumber(3_400_000_000)).toBe('3,4B');
    expect(shortNumber(-1500)).toBe('-1,5K');
    expect(shortNumber(null)).toBe('—');
  });

  it('truncates at 100 characters with an ellipsis, counting characters not code units', () => {
    const long = 'é'.repeat(150);
    const cut = truncate(long);
    expect(Array.from(cut)).toHaveLength(100);
    expect(cut.endsWith('…')).toBe(true);
    expect(truncate('court')).toBe('court');
    expect(truncate('x'.repeat(100))).toBe('x'.repeat(100));
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate(null)).toBe('');
  });

  it('takes up to two initials', () => {
    expect(initials('Awa Ngo')).toBe('AN');
    expect(initials('jean-pierre essomba mbarga')).toBe('JP');
    expect(initials('Émile')).toBe('É');
    expect(initials('  ')).toBe('');
    expect(initials(null)).toBe('');
  });

  it('writes money from integer minor units: XAF has none', () => {
    expect(plain(formatMoney(1500))).toBe('1 500 FCFA');
    expect(plain(formatMoney(1999, 'EUR'))).toBe('19,99 €');
    expect(formatMoney(undefined)).toBe('—');
  });

  it('writes numbers, shares, dates and relative times in French', () => {
    expect(plain(formatNumber(1234.56))).toBe('1 234,6');
    expect(plain(formatPercent(12.5))).toBe('12,5 %');
    expect(formatDate('2026-11-24T10:00:00Z')).toMatch(/24 nov\. 2026/);
    expect(formatDateTime('2026-11-24T10:05:00Z')).toMatch(/24 nov\. 2026/);
    expect(formatDate('pas une date')).toBe('—');
    const now = new Date('2026-11-24T12:00:00Z');
    expect(formatRelative('2026-11-24T11:55:00Z', now)).toBe('il y a 5 minutes');
    expect(formatRelative('2026-11-23T12:00:00Z', now)).toBe('hier');
    expect(formatRelative('2026-11-26T12:00:00Z', now)).toBe('après-demain');
    expect(formatRelative(null, now)).toBe('—');
  });
});
