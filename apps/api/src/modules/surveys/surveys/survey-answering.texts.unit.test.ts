import { translationProblems } from '@app/contracts/i18n/completeness';
import { SURVEY_REFUSAL_MESSAGES } from '@app/contracts/surveys';
import { describe, expect, it } from 'vitest';
import { SURVEY_ANSWERING_TEXTS, surveyAnsweringText } from './survey-answering.texts';

describe('why a survey cannot be answered, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(SURVEY_ANSWERING_TEXTS.fr, SURVEY_ANSWERING_TEXTS[locale], locale, 'survey answering')).toEqual([]);
  });

  it('keeps the shared French refusals and translates them', () => {
    expect(surveyAnsweringText('fr', 'closed')).toBe(SURVEY_REFUSAL_MESSAGES.closed);
    expect(surveyAnsweringText('en', 'closed')).toBe('This form is closed: it no longer accepts answers.');
    expect(surveyAnsweringText('zh-CN', 'signInRequired')).toBe('请登录后填写此表单。');
  });
});
