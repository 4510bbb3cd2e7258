import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { yesNoLabel } from './answer-cells';
import { fixedColumns } from './export-columns';
import { targetText } from './export-rows';
import { EXPORT_TEXTS, exportWords } from './export.texts';
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
    expect([1, 0, true, false, 'oui', ' NON ', 't', '0'].map((v) => yesNoLabel(v))).toEqual(['Oui', 'Non', 'Oui', 'Non', 'Oui', 'Non', 'Oui', 'Non']);
    expect([null, undefined, 2, 'peut-être'].map((v) => yesNoLabel(v))).toEqual([null, null, null, null]);
  });

  it('answers in the reader\'s language', () => {
    expect(yesNoLabel(1, exportWords('en-GB,en;q=0.9'))).toBe('Yes');
    expect(yesNoLabel(false, exportWords('de'))).toBe('Nein');
    expect(yesNoLabel('oui', exportWords('zh-CN'))).toBe('是');
    expect(yesNoLabel(0, exportWords('es-MX'))).toBe('No');
  });
});

describe('export words', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(EXPORT_TEXTS, 'export');
  });

  it('heads the columns, names states and targets in the reader\'s language, French by default', () => {
    expect(fixedColumns(exportWords('en')).map((c) => c.header).slice(0, 4)).toEqual(['No.', 'Submission date', 'Status', 'Respondent']);
    expect(fixedColumns().map((c) => c.header)[1]).toBe('Date de soumission');
    expect(exportWords('de').status('validated')).toBe('Validiert');
    expect(exportWords('fr').status('an_unknown_state')).toBe('an_unknown_state');
    expect(targetText({ target_kind: 'group', target_id: 4, target_name: null }, exportWords('zh-CN'))).toBe('小组 4');
    expect(targetText({ target_kind: 'agent', target_id: 4, target_name: 'Awa' }, exportWords('en'))).toBe('Agent: Awa');
    expect(targetText({ target_kind: 'site', target_id: 2, target_name: null })).toBe('Site n° 2');
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
