import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { IMPORT_TEXTS, importText } from './imports.texts';

describe('import answers, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(IMPORT_TEXTS.fr, IMPORT_TEXTS[locale], locale, 'imports')).toEqual([]);
  });

  it('fills the counts in the caller’s language, French for an unknown one', () => {
    expect(importText('en', 'tooLargeField', { mb: 5 })).toBe('The file exceeds 5 MB.');
    expect(importText('ja', 'fileEmpty')).toBe('Le fichier est vide.');
  });
});
