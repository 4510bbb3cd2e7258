import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { USERS_TEXTS, usersText } from './users.texts';

describe('account management errors, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(USERS_TEXTS, 'users');
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(usersText('en', 'selfChange')).toBe('You cannot do this on your own account.');
    expect(usersText('ja', 'selfChange')).toBe('Vous ne pouvez pas faire cela sur votre propre compte.');
  });
});
