import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { LIMIT_TEXTS, limitText } from './limits.texts';

describe('plan-limit refusals, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(LIMIT_TEXTS.fr, LIMIT_TEXTS[locale], locale, 'limits')).toEqual([]);
  });

  it('fills the limit in the caller’s language, French for an unknown one', () => {
    expect(limitText('de', 'surveys', { limit: 3 })).toBe('Limit erreicht: Ihr Paket erlaubt 3 Umfrage(n).');
    expect(limitText('ja', 'usage', { used: 2, limit: 3 })).toBe('2 utilisé(s) sur 3');
  });
});
