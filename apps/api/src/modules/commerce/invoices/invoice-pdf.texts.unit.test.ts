import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { INVOICE_PDF_TEXTS, invoicePdfText } from './invoice-pdf.texts';

describe('the invoice PDF’s words, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(INVOICE_PDF_TEXTS, 'invoice-pdf');
  });

  it('fills the placeholders in the reader’s language, French for an unknown one', () => {
    expect(invoicePdfText('de', 'title', { number: 'FAC-000001' })).toBe('Rechnung FAC-000001');
    expect(invoicePdfText('ja', 'status_open')).toBe('À payer');
  });
});
