import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { LIMIT_TEXTS, limitText } from './limits.texts';

describe('plan-limit refusals, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(LIMIT_TEXTS, 'limits');
  });

  it('fills the limit in the caller’s language, French for an unknown one', () => {
    expect(limitText('de', 'surveys', { limit: 3 })).toBe('Limit erreicht: Ihr Paket erlaubt 3 Umfrage(n).');
    expect(limitText('ja', 'usage', { used: 2, limit: 3 })).toBe('2 utilisé(s) sur 3');
  });
});
