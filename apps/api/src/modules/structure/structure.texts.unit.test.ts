import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../test/complete-texts';
import { STRUCTURE_TEXTS, structureText } from './structure.texts';

describe('structure errors, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(STRUCTURE_TEXTS, 'structure');
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(structureText('de', 'chooseTown')).toBe('Wählen Sie eine Stadt.');
    expect(structureText('ja', 'chooseTown')).toBe('Choisissez une ville.');
  });
});
