import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { SURVEY_VALUES_TEXTS, surveyValuesText } from './survey-values.texts';

describe('survey shape refusals, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(SURVEY_VALUES_TEXTS, 'survey values');
  });

  it('answers in the caller’s language', () => {
    expect(surveyValuesText('en', 'onlyEvaluationHasTarget')).toBe('Only an evaluation has a target.');
  });
});
