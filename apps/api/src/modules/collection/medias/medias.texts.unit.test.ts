import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { MEDIA_TEXTS, mediaText } from './medias.texts';

describe('upload messages, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(MEDIA_TEXTS.fr, MEDIA_TEXTS[locale], locale, 'medias')).toEqual([]);
  });

  it('fills the placeholders in the caller’s language, French for an unknown one', () => {
    expect(mediaText('en', 'offsetMismatch', { received: 1024 })).toBe('The server received 1024 bytes: resume from there.');
    expect(mediaText('ja', 'tooLarge')).toBe('Le fichier est trop volumineux.');
  });
});
