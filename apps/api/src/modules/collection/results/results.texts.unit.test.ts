import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { RESULTS_TEXTS, resultsText } from './results.texts';

describe('results’ refusals, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(RESULTS_TEXTS.fr, RESULTS_TEXTS[locale], locale, 'results')).toEqual([]);
  });

  it('fills the limits in the caller’s language', () => {
    expect(resultsText('en', 'pageSizes', { sizes: '10, 20, 50' })).toBe('Answers per page: 10, 20, 50.');
    expect(resultsText('zh-CN', 'dateFormat')).toBe('日期格式应为 YYYY-MM-DD 或 ISO 8601。');
  });
});
