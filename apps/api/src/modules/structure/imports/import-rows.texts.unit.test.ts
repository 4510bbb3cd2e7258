import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { IMPORT_ROW_TEXTS, importRowText } from './import-rows.texts';

describe('import rows’ problems, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(IMPORT_ROW_TEXTS.fr, IMPORT_ROW_TEXTS[locale], locale, 'import rows')).toEqual([]);
  });

  it('names the row in the caller’s language, French for an unknown one', () => {
    expect(importRowText('en', 'rowKey', { row: 3 })).toBe('row 3');
    expect(importRowText('zh-CN', 'rowKey', { row: 3 })).toBe('第 3 行');
    expect(importRowText('ja', 'rowKey', { row: 3 })).toBe('ligne 3');
  });
});
