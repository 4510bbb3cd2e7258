import { describe, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { DEFAULT_QUESTIONS_TEXTS } from './default-questions.texts';

describe('the default questions step title, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(DEFAULT_QUESTIONS_TEXTS, 'default questions');
  });
});
