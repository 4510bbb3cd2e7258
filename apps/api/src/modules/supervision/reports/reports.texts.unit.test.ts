import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { REPORT_TEXTS, reportText } from './reports.texts';

describe('supervision report refusals, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(REPORT_TEXTS, 'reports');
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(reportText('en', 'notSentYet')).toBe('This participation is not sent yet.');
    expect(reportText('ja', 'notSentYet')).toBe("Cette participation n'est pas encore envoyée.");
  });
});
