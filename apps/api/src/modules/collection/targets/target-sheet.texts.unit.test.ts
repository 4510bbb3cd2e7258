import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { TARGET_SHEET_TEXTS, targetSheetText } from './target-sheet.texts';

describe('the QR code sheet’s words, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(TARGET_SHEET_TEXTS, 'target-sheet');
  });

  it('fills the placeholders in the reader’s language, French for an unknown one', () => {
    expect(targetSheetText('zh-CN', 'code', { code: 'W1' })).toBe('代码：W1');
    expect(targetSheetText('ja', 'code', { code: 'W1' })).toBe('Code : W1');
  });
});
