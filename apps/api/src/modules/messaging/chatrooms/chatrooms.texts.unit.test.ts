import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { CHATROOMS_TEXTS, chatroomsText } from './chatrooms.texts';

describe('conversations errors, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(CHATROOMS_TEXTS, 'chatrooms');
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(chatroomsText('es', 'roomNotFound')).toBe('Conversación no encontrada.');
    expect(chatroomsText(undefined, 'roomNotFound')).toBe('Conversation introuvable.');
  });
});
