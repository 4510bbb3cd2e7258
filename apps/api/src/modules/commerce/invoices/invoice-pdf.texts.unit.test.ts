import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { INVOICE_PDF_TEXTS, invoicePdfText } from './invoice-pdf.texts';

describe('the invoice PDF’s words, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(INVOICE_PDF_TEXTS.fr, INVOICE_PDF_TEXTS[locale], locale, 'invoice-pdf')).toEqual([]);
  });

  it('fills the placeholders in the reader’s language, French for an unknown one', () => {
    expect(invoicePdfText('de', 'title', { number: 'FAC-000001' })).toBe('Rechnung FAC-000001');
    expect(invoicePdfText('ja', 'status_open')).toBe('À payer');
  });
});
