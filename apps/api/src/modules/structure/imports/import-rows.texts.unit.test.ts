import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { IMPORT_ROW_TEXTS, importRowText } from './import-rows.texts';

describe('import rows’ problems, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(IMPORT_ROW_TEXTS, 'import rows');
  });

  it('names the column in the caller’s language’s punctuation, French for an unknown one', () => {
    expect(importRowText('en', 'rowProblem', { column: 'E-mail', message: 'Wrong' })).toBe('E-mail: Wrong');
    expect(importRowText('zh-CN', 'rowProblem', { column: '电子邮件', message: '错误' })).toBe('电子邮件：错误');
    expect(importRowText('ja', 'rowProblem', { column: 'E-mail', message: 'Faux' })).toBe('E-mail : Faux');
  });
});
