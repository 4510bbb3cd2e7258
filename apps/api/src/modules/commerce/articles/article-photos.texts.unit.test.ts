import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { ARTICLE_PHOTO_TEXTS, articlePhotoText } from './article-photos.texts';

describe('article photos’ answers, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(ARTICLE_PHOTO_TEXTS, 'article photos');
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(articlePhotoText('de', 'photoAdded')).toBe('Foto hinzugefügt.');
    expect(articlePhotoText(undefined, 'photoAdded')).toBe('Photo ajoutée.');
  });
});
