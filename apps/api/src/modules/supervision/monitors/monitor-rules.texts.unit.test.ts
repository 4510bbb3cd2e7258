import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { MONITOR_RULE_TEXTS, monitorRuleText } from './monitor-rules.texts';

describe('monitor rules’ refusals, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(MONITOR_RULE_TEXTS.fr, MONITOR_RULE_TEXTS[locale], locale, 'monitor rules')).toEqual([]);
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(monitorRuleText('en', 'evaluationNeeded')).toBe('Choose an evaluation form.');
    expect(monitorRuleText('ja', 'evaluationNeeded')).toBe("Choisissez un formulaire d'évaluation.");
  });
});
