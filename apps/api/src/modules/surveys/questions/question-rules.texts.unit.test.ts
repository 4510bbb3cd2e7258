import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { QUESTION_RULE_TEXTS, questionRuleText } from './question-rules.texts';

describe('question rules’ refusals, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(QUESTION_RULE_TEXTS.fr, QUESTION_RULE_TEXTS[locale], locale, 'question rules')).toEqual([]);
  });

  it('fills the type in the caller’s language', () => {
    expect(questionRuleText('en', 'noChoices', { type: 'text' })).toBe('A question of type text has no choices.');
    expect(questionRuleText('zh-CN', 'noChoices', { type: 'text' })).toBe('text 类型的问题没有选项。');
  });
});
