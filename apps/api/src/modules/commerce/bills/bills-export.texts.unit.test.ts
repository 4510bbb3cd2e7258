import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { BILLS_EXPORT_TEXTS, billsExportText } from './bills-export.texts';

describe('the billing export’s words, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(BILLS_EXPORT_TEXTS, 'bills export');
  });

  it('names a kind of line in the reader’s language, French for an unknown one', () => {
    expect(billsExportText('de', 'overage')).toBe('Überschreitung');
    expect(billsExportText('ja', 'payment_fee')).toBe('Frais de paiement');
  });
});
