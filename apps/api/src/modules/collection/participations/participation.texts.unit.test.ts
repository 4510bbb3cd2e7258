import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { PARTICIPATION_TEXTS, answerMessagesIn, participationText } from './participation.texts';

describe('what answering a survey says back, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(PARTICIPATION_TEXTS.fr, PARTICIPATION_TEXTS[locale], locale, 'participation')).toEqual([]);
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(participationText('en', 'alreadySubmitted')).toBe('This participation is already sent: it can no longer be changed.');
    expect(participationText('ja', 'alreadySubmitted')).toBe('Cette participation est déjà envoyée : elle ne peut plus être modifiée.');
    expect(answerMessagesIn('de').required).not.toBe(answerMessagesIn('fr').required);
  });
});
