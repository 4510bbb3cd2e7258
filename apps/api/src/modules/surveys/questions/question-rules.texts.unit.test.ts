import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { QUESTION_RULE_TEXTS, questionRuleText } from './question-rules.texts';

describe('question rules’ refusals, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(QUESTION_RULE_TEXTS, 'question rules');
  });

  it('fills the type in the caller’s language', () => {
    expect(questionRuleText('en', 'noChoices', { type: 'text' })).toBe('A question of type text has no choices.');
    expect(questionRuleText('zh-CN', 'noChoices', { type: 'text' })).toBe('text 类型的问题没有选项。');
  });
});
