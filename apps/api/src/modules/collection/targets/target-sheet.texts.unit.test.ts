import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { TARGET_SHEET_TEXTS, targetSheetText } from './target-sheet.texts';

describe('the QR code sheet’s words, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(TARGET_SHEET_TEXTS.fr, TARGET_SHEET_TEXTS[locale], locale, 'target-sheet')).toEqual([]);
  });

  it('fills the placeholders in the reader’s language, French for an unknown one', () => {
    expect(targetSheetText('zh-CN', 'code', { code: 'W1' })).toBe('代码：W1');
    expect(targetSheetText('ja', 'code', { code: 'W1' })).toBe('Code : W1');
  });
});
