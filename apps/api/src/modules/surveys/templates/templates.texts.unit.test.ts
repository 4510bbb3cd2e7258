import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { TEMPLATES_TEXTS, templatesText } from './templates.texts';

describe('survey templates errors, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(TEMPLATES_TEXTS, 'templates');
  });

  it('keeps the French sentence as it was, and fills the others', () => {
    expect(templatesText('fr', 'upgradeTo', { names: '« Entreprise »' })).toBe('Passez à la formule « Entreprise » dans Formules (packages) pour l’utiliser.');
    expect(templatesText('en', 'premiumRequired', { upgrade: 'X' })).toBe('This template is reserved for packages that include premium templates. X');
  });
});
