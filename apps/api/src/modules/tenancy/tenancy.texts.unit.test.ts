import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../test/complete-texts';
import { TENANCY_TEXTS, tenancyText } from './tenancy.texts';

describe('companies, invitations and join requests errors, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(TENANCY_TEXTS, 'tenancy');
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(tenancyText('de', 'alreadyMember')).toBe('Sie sind bereits Mitglied dieses Unternehmens.');
    expect(tenancyText('ja', 'alreadyMember')).toBe('Vous êtes déjà membre de cette entreprise.');
  });
});
