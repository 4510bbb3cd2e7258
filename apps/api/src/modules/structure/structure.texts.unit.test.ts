import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { STRUCTURE_TEXTS, structureText } from './structure.texts';

describe('structure errors, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(STRUCTURE_TEXTS.fr, STRUCTURE_TEXTS[locale], locale, 'structure')).toEqual([]);
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(structureText('de', 'chooseTown')).toBe('Wählen Sie eine Stadt.');
    expect(structureText('ja', 'chooseTown')).toBe('Choisissez une ville.');
  });
});
