import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { SURVEY_VALUES_TEXTS, surveyValuesText } from './survey-values.texts';

describe('survey shape refusals, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(SURVEY_VALUES_TEXTS.fr, SURVEY_VALUES_TEXTS[locale], locale, 'survey values')).toEqual([]);
  });

  it('answers in the caller’s language', () => {
    expect(surveyValuesText('en', 'onlyEvaluationHasTarget')).toBe('Only an evaluation has a target.');
  });
});
