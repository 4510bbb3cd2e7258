import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { CHATROOMS_TEXTS, chatroomsText } from './chatrooms.texts';

describe('conversations errors, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(CHATROOMS_TEXTS.fr, CHATROOMS_TEXTS[locale], locale, 'chatrooms')).toEqual([]);
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(chatroomsText('es', 'roomNotFound')).toBe('Conversación no encontrada.');
    expect(chatroomsText(undefined, 'roomNotFound')).toBe('Conversation introuvable.');
  });
});
