import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { REPORT_TEXTS, reportText } from './reports.texts';

describe('supervision report refusals, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(REPORT_TEXTS.fr, REPORT_TEXTS[locale], locale, 'reports')).toEqual([]);
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(reportText('en', 'notSentYet')).toBe('This participation is not sent yet.');
    expect(reportText('ja', 'notSentYet')).toBe("Cette participation n'est pas encore envoyée.");
  });
});
