import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { USERS_TEXTS, usersText } from './users.texts';

describe('account management errors, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(USERS_TEXTS.fr, USERS_TEXTS[locale], locale, 'users')).toEqual([]);
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(usersText('en', 'selfChange')).toBe('You cannot do this on your own account.');
    expect(usersText('ja', 'selfChange')).toBe('Vous ne pouvez pas faire cela sur votre propre compte.');
  });
});
