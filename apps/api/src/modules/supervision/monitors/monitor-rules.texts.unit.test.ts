import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { MONITOR_RULE_TEXTS, monitorRuleText } from './monitor-rules.texts';

describe('monitor rules’ refusals, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(MONITOR_RULE_TEXTS, 'monitor rules');
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(monitorRuleText('en', 'evaluationNeeded')).toBe('Choose an evaluation form.');
    expect(monitorRuleText('ja', 'evaluationNeeded')).toBe("Choisissez un formulaire d'évaluation.");
  });
});
