import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { ROLES_TEXTS, rolesText } from './roles.texts';

describe('roles errors, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(ROLES_TEXTS, 'roles');
  });

  it('fills the placeholders in the caller’s language', () => {
    expect(rolesText('fr', 'roleInUse', { n: 2 })).toBe("Ce rôle est attribué à 2 personne(s) : retirez-le-leur d'abord.");
    expect(rolesText('en', 'notAssignableToAgent', { name: 'Caissier' })).toBe('The role “Caissier” cannot be given to an agent.');
  });
});
