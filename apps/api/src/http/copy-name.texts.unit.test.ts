import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../test/complete-texts';
import { copyName } from './copy-name';
import { COPY_NAME_TEXTS } from './copy-name.texts';

describe("a duplicate's name, in the language of who duplicates", () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(COPY_NAME_TEXTS, 'copy name');
  });

  it('marks the copy in the caller language and keeps under the limit', () => {
    expect(copyName('fr', 'Bastos', 120)).toBe('Bastos (copie)');
    expect(copyName('en', 'Bastos', 120)).toBe('Bastos (copy)');
    expect(copyName('de', 'Bastos', 120)).toBe('Bastos (Kopie)');
    expect(copyName('es-MX', 'Bastos', 120)).toBe('Bastos (copia)');
    expect(copyName('zh-CN', 'Bastos', 120)).toBe('Bastos (副本)');
    expect(copyName('en', 'x'.repeat(200), 120)).toHaveLength(120);
  });

  it('leaves a name holding placeholder-like text as it was typed', () => {
    expect(copyName('en', 'Team {{name}} $&', 120)).toBe('Team {{name}} $& (copy)');
  });
});
