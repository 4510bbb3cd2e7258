import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { PARTICIPATION_TEXTS, answerMessagesIn, participationText } from './participation.texts';

describe('what answering a survey says back, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(PARTICIPATION_TEXTS, 'participation');
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(participationText('en', 'alreadySubmitted')).toBe('This participation is already sent: it can no longer be changed.');
    expect(participationText('ja', 'alreadySubmitted')).toBe('Cette participation est déjà envoyée : elle ne peut plus être modifiée.');
    expect(answerMessagesIn('de').required).not.toBe(answerMessagesIn('fr').required);
  });
});
