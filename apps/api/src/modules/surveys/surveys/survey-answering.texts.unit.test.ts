import { SURVEY_REFUSAL_MESSAGES } from '@app/contracts/surveys';
import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { SURVEY_ANSWERING_TEXTS, surveyAnsweringText } from './survey-answering.texts';

describe('why a survey cannot be answered, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(SURVEY_ANSWERING_TEXTS, 'survey answering');
  });

  it('keeps the shared French refusals and translates them', () => {
    expect(surveyAnsweringText('fr', 'closed')).toBe(SURVEY_REFUSAL_MESSAGES.closed);
    expect(surveyAnsweringText('en', 'closed')).toBe('This form is closed: it no longer accepts answers.');
    expect(surveyAnsweringText('zh-CN', 'signInRequired')).toBe('请登录后填写此表单。');
  });
});
