import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { IMPORT_TEXTS, importText } from './imports.texts';

describe('import answers, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(IMPORT_TEXTS, 'imports');
  });

  it('fills the counts in the caller’s language, French for an unknown one', () => {
    expect(importText('en', 'tooLargeField', { mb: 5 })).toBe('The file exceeds 5 MB.');
    expect(importText('ja', 'fileEmpty')).toBe('Le fichier est vide.');
  });
});
