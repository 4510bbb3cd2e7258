import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { ROLES_TEXTS, rolesText } from './roles.texts';

describe('roles errors, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(ROLES_TEXTS.fr, ROLES_TEXTS[locale], locale, 'roles')).toEqual([]);
  });

  it('fills the placeholders in the caller’s language', () => {
    expect(rolesText('fr', 'roleInUse', { n: 2 })).toBe("Ce rôle est attribué à 2 personne(s) : retirez-le-leur d'abord.");
    expect(rolesText('en', 'notAssignableToAgent', { name: 'Caissier' })).toBe('The role “Caissier” cannot be given to an agent.');
  });
});
