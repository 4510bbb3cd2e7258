import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { TENANCY_TEXTS, tenancyText } from './tenancy.texts';

describe('companies, invitations and join requests errors, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(TENANCY_TEXTS.fr, TENANCY_TEXTS[locale], locale, 'tenancy')).toEqual([]);
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(tenancyText('de', 'alreadyMember')).toBe('Sie sind bereits Mitglied dieses Unternehmens.');
    expect(tenancyText('ja', 'alreadyMember')).toBe('Vous êtes déjà membre de cette entreprise.');
  });
});
