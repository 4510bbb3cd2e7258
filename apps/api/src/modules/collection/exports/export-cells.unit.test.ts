import { describe, expect, it } from 'vitest';
import { yesNoLabel } from './answer-cells';
import { choiceIds } from './export-batch.repository';
import { parseCalendarDate } from './export-time';

describe('parseCalendarDate', () => {
  it('reads a day as midnight UTC', () => {
    expect(parseCalendarDate('2026-11-22')?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(parseCalendarDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseCalendarDate('0099-01-31')?.toISOString()).toBe('0099-01-31T00:00:00.000Z');
  });

  it('refuses what is not a real day or not the format', () => {
    for (const text of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '22/11/2026', '2026-11-22T10:00', '']) {
      expect(parseCalendarDate(text)).toBeNull();
    }
  });
});

describe('yesNoLabel', () => {
  it('reads stored numbers, booleans and words', () => {
    expect([1, 0, true, false, 'oui', ' NON ', 't', '0'].map(yesNoLabel)).toEqual(['Oui', 'Non', 'Oui', 'Non', 'Oui', 'Non', 'Oui', 'Non']);
    expect([null, undefined, 2, 'peut-être'].map(yesNoLabel)).toEqual([null, null, null, null]);
  });
});

describe('choiceIds', () => {
  it('reads the text form of a choice list in its stored order', () => {
    expect(choiceIds('12')).toEqual([12]);
    expect(choiceIds('3,1,204')).toEqual([3, 1, 204]);
    expect(choiceIds('')).toEqual([]);
    expect(choiceIds(null)).toBeNull();
  });
});
