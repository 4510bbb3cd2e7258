import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { TEMPLATES_TEXTS, templatesText } from './templates.texts';

describe('survey templates errors, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(TEMPLATES_TEXTS.fr, TEMPLATES_TEXTS[locale], locale, 'templates')).toEqual([]);
  });

  it('keeps the French sentence as it was, and fills the others', () => {
    expect(templatesText('fr', 'upgradeTo', { names: '« Entreprise »' })).toBe('Passez à la formule « Entreprise » dans Formules (packages) pour l’utiliser.');
    expect(templatesText('en', 'premiumRequired', { upgrade: 'X' })).toBe('This template is reserved for packages that include premium templates. X');
  });
});
