import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { AUDIENCE_RULE_TEXTS, audienceRuleMessage } from './audience-rules.texts';

describe('audience rules’ refusals, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(AUDIENCE_RULE_TEXTS.fr, AUDIENCE_RULE_TEXTS[locale], locale, 'audience rules')).toEqual([]);
  });

  it('names the criterion in the caller’s language', () => {
    expect(audienceRuleMessage('en', { field: 'answered_survey', problem: 'wantsIds' })).toBe('The criterion “Answered the survey” expects identifiers.');
    expect(audienceRuleMessage('fr', { field: 'organisation', problem: 'notForPopulation' })).toBe(
      'Le critère « Organisation » ne s’applique pas à cette population.',
    );
  });
});
