import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../test/complete-texts';
import { COMMERCE_TEXTS, commerceText } from './commerce.texts';

describe('invoices, payments and bookings errors, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(COMMERCE_TEXTS, 'commerce');
  });

  it('fills the placeholders in the caller’s language, French for an unknown one', () => {
    expect(commerceText('en', 'renewalInvoiceOpen', { number: 'F-2026-0042' })).toBe(
      'The renewal of this package awaits the payment of invoice F-2026-0042: pay it from Invoices.',
    );
    expect(commerceText('ja', 'onlyDraftEdited')).toBe('Seul un brouillon de facture peut être modifié.');
    expect(commerceText('de', 'payForBooking', { id: 12 })).toBe('Buchung 12');
    expect(commerceText('zh-CN', 'stockLeft_other', { count: 3 })).toBe('仅剩 3 件。');
  });
});
