import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { RESULTS_TEXTS, resultsText } from './results.texts';

describe('results’ refusals, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(RESULTS_TEXTS, 'results');
  });

  it('fills the limits in the caller’s language', () => {
    expect(resultsText('en', 'pageSizes', { sizes: '10, 20, 50' })).toBe('Answers per page: 10, 20, 50.');
    expect(resultsText('zh-CN', 'dateFormat')).toBe('日期格式应为 YYYY-MM-DD 或 ISO 8601。');
  });
});
