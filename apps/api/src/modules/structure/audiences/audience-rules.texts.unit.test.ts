import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { AUDIENCE_RULE_TEXTS, audienceRuleMessage } from './audience-rules.texts';

describe('audience rules’ refusals, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(AUDIENCE_RULE_TEXTS, 'audience rules');
  });

  it('names the criterion in the caller’s language', () => {
    expect(audienceRuleMessage('en', { field: 'answered_survey', problem: 'wantsIds' })).toBe('The criterion “Answered the survey” expects identifiers.');
    expect(audienceRuleMessage('fr', { field: 'organisation', problem: 'notForPopulation' })).toBe(
      'Le critère « Organisation » ne s’applique pas à cette population.',
    );
  });
});
