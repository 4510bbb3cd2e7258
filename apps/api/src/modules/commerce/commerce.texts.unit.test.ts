import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { COMMERCE_TEXTS, commerceText } from './commerce.texts';

describe('invoices, payments and bookings errors, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(COMMERCE_TEXTS.fr, COMMERCE_TEXTS[locale], locale, 'commerce')).toEqual([]);
  });

  it('fills the placeholders in the caller’s language, French for an unknown one', () => {
    expect(commerceText('en', 'renewalInvoiceOpen', { number: 'F-2026-0042' })).toBe(
      'The renewal of this package awaits the payment of invoice F-2026-0042: pay it from Invoices.',
    );
    expect(commerceText('ja', 'onlyDraftEdited')).toBe('Seul un brouillon de facture peut être modifié.');
  });
});
