import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { MEDIA_TEXTS, mediaText } from './medias.texts';

describe('upload messages, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(MEDIA_TEXTS, 'medias');
  });

  it('fills the placeholders in the caller’s language, French for an unknown one', () => {
    expect(mediaText('en', 'offsetMismatch', { received: 1024 })).toBe('The server received 1024 bytes: resume from there.');
    expect(mediaText('ja', 'tooLarge')).toBe('Le fichier est trop volumineux.');
  });
});
